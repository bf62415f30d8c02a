/**
 * What a child frame's bridge posts to its parent window for the frame chain (messages/frame-chain.ts):
 * this prefix and a nonce, as a string (nothing in it can be a getter). Free of imports: the
 * document_start script (bridge.iife.ts) that listens for it must stay tiny.
 */
export const FRAME_NONCE_PREFIX = 'warrant-frame:';
