import { editable, type Json } from './form-model';

/** Who changed the policy being edited: the form's controls, the JSON editor, or the page (load, save, import). */
export type Origin = 'form' | 'editor' | 'page';
export type DraftView = {
  /** The policy as the form shows it: the JSON being edited with the administrator's keys on top. */
  shown: Json;
  locked: readonly string[];
};

/**
 * The one policy object both views edit. The form writes to it and the JSON editor is rewritten;
 * the editor's valid JSON replaces it and the form is redrawn. Nothing here is saved: Save sends
 * the editor's text, which is always the same policy.
 */
export class Draft {
  #json: Json = {};
  #managed: Json = {};
  #locked: readonly string[] = [];
  readonly #listeners = new Set<(origin: Origin) => void>();

  get json(): Json {
    return this.#json;
  }

  view(): DraftView {
    const shown = { ...this.#json };
    for (const key of this.#locked) if (Object.hasOwn(this.#managed, key)) shown[key] = this.#managed[key];
    return { shown, locked: this.#locked };
  }

  setManaged(managed: Json, locked: readonly string[]): void {
    this.#managed = managed;
    this.#locked = locked;
  }

  replace(json: unknown, origin: Origin): void {
    this.#json = editable(json);
    this.#emit(origin);
  }

  /** One control's change: `change` writes its own place in the JSON. */
  edit(change: (json: Json) => void): void {
    change(this.#json);
    this.#emit('form');
  }

  subscribe(listener: (origin: Origin) => void, signal: AbortSignal): void {
    this.#listeners.add(listener);
    signal.addEventListener('abort', () => this.#listeners.delete(listener), { once: true });
  }

  #emit(origin: Origin): void {
    for (const listener of this.#listeners) listener(origin);
  }
}
