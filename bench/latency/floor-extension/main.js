// The page's share, as Warrant's page API: a MessageChannel handed to the isolated world at
// document_start, and window.floor.ping() resolving with the background's answer.
(() => {
  const channel = new MessageChannel();
  const port = channel.port1;
  window.dispatchEvent(new MessageEvent('floor-handshake', { ports: [channel.port2], cancelable: true }));
  const pending = new Map();
  let counter = 0;
  port.onmessage = (event) => {
    const settle = pending.get(event.data?.id);
    if (!settle) return;
    pending.delete(event.data.id);
    settle(event.data);
  };
  const ping = () =>
    new Promise((resolve) => {
      counter += 1;
      pending.set(counter, resolve);
      port.postMessage({ kind: 'ping', id: counter });
    });
  Object.defineProperty(window, 'floor', { value: Object.freeze({ ping }) });
})();
