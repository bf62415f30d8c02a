/**
 * Hands the page API's private port from the tiny document_start script (bridge.iife.ts) to the
 * bridge (bridge.ts, imported by the keeper when needed) so that pages do not wait for it. Both run
 * in this extension's isolated world, whose globals the page cannot see. Messages that arrive
 * before the bridge are queued, up to a limit; beyond it they are dropped, and the page's promise
 * never settles (nothing is executed without the bridge).
 */
export const PORT_KEEPER = '__warrantPortKeeper';
export const QUEUE_LIMIT = 1_000;

export type PortKeeper = {
  port: MessagePort | null;
  queue: unknown[];
  /** Set by the bridge once it runs; until then messages wait in `queue`. */
  deliver: ((data: unknown) => void) | null;
  /** Set by the keeper itself: loads the bridge now (a message is waiting). */
  wake?: () => void;
  /**
   * Frame chain: the nonces the background told this frame to expect, and the window that posted
   * each first (null until then), recorded by bridge.iife.ts's document_start listener.
   */
  frameNonces?: Map<string, MessageEventSource | null>;
  /**
   * Called with every scroll event the window sees, from a capturing listener added at
   * document_start, before any page script could add one that stops it (watch.ts sets it).
   */
  scrolled?: ((event: Event) => void) | null;
  /**
   * Called with every `submit` event of the document, from a capturing listener added at
   * document_start before any page script could add one that stops it: set while an action runs,
   * to stop any submission but the certified one's (only-submitting.ts).
   */
  submitted?: ((event: Event) => void) | null;
  /**
   * Called with every `navigate` event of this frame (the Navigation API, where the browser has
   * it), from the first listener, added at document_start: set while an action runs, to stop a
   * submission it was not certified to make wherever its form is (only-submitting.ts).
   */
  navigating?: ((event: Event) => void) | null;
  /**
   * Whether an action certified to submit nothing, running here or just ended, forbids a submission
   * in a frame below that this element started (null: the frame could not name it); unset, nothing
   * here forbids one: the answer to that frame
   * (submission-navigation.ts), set by only-submitting.ts.
   */
  forbids?: ((source: Element | null) => boolean) | null;
};

export function portKeeper(): PortKeeper | undefined {
  return (globalThis as Record<string, unknown>)[PORT_KEEPER] as PortKeeper | undefined;
}
