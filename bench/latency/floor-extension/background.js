// Answers every message at once, echoing its id: the background's share of the floor.
const api = globalThis.browser ?? globalThis.chrome;
api.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  sendResponse({ kind: 'pong', id: message?.id });
  return false;
});
