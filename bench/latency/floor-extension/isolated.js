// The isolated world's share, as Warrant's bridge: takes the private port during the page
// script's synchronous handshake, relays each message to the background with runtime.sendMessage
// and posts the answer back on the port.
const api = globalThis.browser ?? globalThis.chrome;
window.addEventListener(
  'floor-handshake',
  (event) => {
    const port = event.ports?.[0];
    if (!port) return;
    event.preventDefault();
    port.onmessage = async (message) => {
      const answer = await api.runtime.sendMessage(message.data);
      port.postMessage(answer);
    };
  },
  { once: true },
);
