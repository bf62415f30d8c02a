import { patch } from '../patches';
import { apply, dom, getOwnPropertyDescriptor, StringCtor, text } from '../primordials';
import { intercept } from './hold';
import { INTERCEPTOR_GROUP } from './mode';
import { fieldPrivileged, isElement } from './privilege';

type ExecCommand = (this: Document, command: string, showUi?: boolean, value?: string) => boolean;

/** document.execCommand('insertText'): typing into the focused field or editable region. */
export function patchExecCommand(): void {
  const descriptor = getOwnPropertyDescriptor(Document.prototype, 'execCommand');
  const original = descriptor?.value as ExecCommand | undefined;
  if (!descriptor || typeof original !== 'function') return;
  const execCommand = function execCommand(this: Document, ...args: Parameters<ExecCommand>): boolean {
    let focused: unknown = null;
    try {
      if (text.toLowerCase(StringCtor(args[0])) === 'inserttext') focused = dom.activeElement(this);
    } catch {
      focused = null; // Not a document: the original throws exactly as it would have.
    }
    if (!isElement(focused)) return apply(original, this, args);
    const action = {
      tool: 'type',
      target: focused,
      text: StringCtor(args[2] ?? ''),
      via: 'execCommand',
      privileged: fieldPrivileged(focused),
    } as const;
    return intercept(action, () => apply(original, this, args));
  };
  patch(Document.prototype, 'execCommand', { ...descriptor, value: execCommand }, INTERCEPTOR_GROUP);
}
