import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { pageAgentBundle } from './page-agent-bundle';

/**
 * Fixture host names. Every one resolves to 127.0.0.1 in the test browsers. The last is
 * `bаnk.example` with a Cyrillic "а": a homograph of bank.example, for lookalike-link tests.
 */
export const HOSTS = ['bank.example', 'evil.example', 'shop.example', 'xn--bnk-6cd.example'] as const;

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
/** Third-party scripts the fixture pages load, served from node_modules (never from a CDN). */
const VENDOR: Record<string, string> = {
  '/vendor/mcp-b-global.js': join(import.meta.dirname, '..', '..', 'node_modules', '@mcp-b', 'global', 'dist', 'index.iife.js'),
  // An icon font, as pages load one: a missing one draws what no icon font does (Firefox: a box
  // with the code point's hex digits, which OCR reads as letters).
  '/vendor/material-icons.woff2': join(
    import.meta.dirname,
    '..',
    '..',
    'node_modules',
    'material-icons',
    'iconfont',
    'material-icons.woff2',
  ),
};
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
};

export type FixtureServer = {
  port: number;
  url(host: string, path: string): string;
  /** Form posts received, so tests can tell whether a submission really left the page. */
  posts: { host: string; path: string; body: string }[];
  /** Every request received (method, host, path), so tests can tell whether a navigation left. */
  requests: { method: string; host: string; path: string; search: string }[];
  close(): Promise<void>;
};

/**
 * One local server for every fixture host, routed by the Host header:
 * `http://bank.example:PORT/x.html` serves ROOT/bank.example/x.html, else ROOT/x.html.
 */
export async function startFixtureServer(root = FIXTURES): Promise<FixtureServer> {
  const posts: FixtureServer['posts'] = [];
  const requests: FixtureServer['requests'] = [];
  const server: Server = createServer(async (request, response) => {
    const host = (request.headers.host ?? 'localhost').split(':')[0]!;
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    requests.push({ method: request.method ?? 'GET', host, path, search: new URL(request.url ?? '/', 'http://x').search });
    // /r/<host>/<path>: a server redirect (302) to that host's path on this server, which the URL
    // itself does not show as a URL (unlike ?next=https://…).
    const redirect = /^\/r\/([a-z0-9.-]+)\/(.*)$/u.exec(path);
    if (redirect) {
      const port = (server.address() as AddressInfo).port;
      response.writeHead(302, { location: `http://${redirect[1]}:${port}/${redirect[2]}` }).end();
      return;
    }
    // /held/<ms>: answered after that long (at most 20 s), for a page's request the test acts during.
    const held = /^\/held\/(\d{1,5})$/u.exec(path);
    if (held) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(Number(held[1]), 20_000)));
      response.writeHead(200, { 'content-type': 'text/plain' }).end('held');
      return;
    }
    if (request.method === 'POST') {
      let body = '';
      for await (const chunk of request) body += chunk;
      posts.push({ host, path, body });
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>posted</title><p id="posted">posted</p>');
      return;
    }
    if (path === '/vendor/page-agent.js') {
      // Bundled from node_modules on first request (see page-agent-bundle.ts).
      try {
        const body = await pageAgentBundle();
        response.writeHead(200, { 'content-type': TYPES['.js']!, 'origin-agent-cluster': '?1' }).end(body);
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      }
      return;
    }
    const vendored = VENDOR[path];
    for (const candidate of vendored ? [vendored] : [join(root, host, path), join(root, path)]) {
      if (!vendored && !candidate.startsWith(root)) break;
      try {
        const body = await readFile(candidate);
        // The @mcp-b polyfill refuses to run without an origin-keyed agent cluster (Firefox's default is not).
        response
          .writeHead(200, { 'content-type': TYPES[extname(candidate)] ?? 'application/octet-stream', 'origin-agent-cluster': '?1' })
          .end(body);
        return;
      } catch {
        // try the next candidate
      }
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    posts,
    requests,
    url: (host, path) => `http://${host}:${port}${path.startsWith('/') ? path : `/${path}`}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
