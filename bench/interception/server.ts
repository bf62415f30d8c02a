import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type PageServer = { url(path: string): string; close(): Promise<void> };

/**
 * Serves the bench page from memory on 127.0.0.1, never cached, so every load of either arm
 * fetches, parses and runs the same bytes: as an ordinary page at /page.html (page loads), and
 * cross-origin isolated at /isolated.html (COOP + COEP), where performance.now() is fine enough
 * (5 µs in Chromium, 20 µs in Firefox, against 100 µs and 1 ms otherwise) to time batches of calls.
 */
export async function servePage(html: string): Promise<PageServer> {
  const body = Buffer.from(html, 'utf8');
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path !== '/page.html' && path !== '/isolated.html') {
      response.writeHead(404, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('not found');
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': body.length,
        'cache-control': 'no-store',
        ...(path === '/isolated.html'
          ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }
          : {}),
      })
      .end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
