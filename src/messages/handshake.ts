/**
 * The one event the page API dispatches, synchronously at document_start, to hand its private
 * MessagePort to the isolated world. Kept free of imports: the MAIN-world bundle must stay tiny.
 */
export const HANDSHAKE_EVENT = 'warrant:handshake';
