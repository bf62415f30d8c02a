import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTROL_STYLE, type Mutant } from './generate';

/** The corpus's page style, plus role=button controls styled like buttons. */
export const STYLE = `
  body { font: 16px/1.3 'DejaVu Sans', Arial, sans-serif; margin: 0; padding: 12px 16px; background: #fff; color: #111; }
  ${CONTROL_STYLE}
  .cell { position: relative; padding: 8px 8px 4px; border-top: 1px solid #f4f4f4; }`;

/**
 * Every fuzz document (top page and frame documents) carries this script: it records the clicks
 * the page sees (light DOM and open shadow roots), points the frames at their hosts on the
 * server's port, and runs proposals handed down a frame path by postMessage, so a proposal is
 * made in the frame that holds the target, same-site or cross-site, as an in-frame assistant would.
 */
export const DRIVER = `
(() => {
  window.clicks = [];
  const wire = (root) => {
    for (const el of root.querySelectorAll('[data-t]')) el.addEventListener('click', () => window.clicks.push(el.dataset.t));
    for (const el of root.querySelectorAll('[data-ov]')) el.addEventListener('click', () => window.clicks.push('overlay:' + el.dataset.ov));
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) wire(el.shadowRoot);
  };
  wire(document);
  for (const f of document.querySelectorAll('iframe[data-src]'))
    f.src = location.protocol + '//' + f.dataset.srcHost + ':' + location.port + f.dataset.src;
  const pending = new Map();
  let nonce = 0;
  const run = async (call) => {
    if (call.path.length > 0) {
      const frame = document.getElementById(call.path[0]);
      if (!frame || !frame.contentWindow) return { error: 'no frame ' + call.path[0] };
      if (call.scroll) frame.scrollIntoView({ block: 'center' });
      const n = ++nonce;
      return new Promise((resolve) => {
        pending.set(n, resolve);
        frame.contentWindow.postMessage({ fuzzCall: { ...call, path: call.path.slice(1), scroll: false }, nonce: n }, '*');
        setTimeout(() => { if (pending.delete(n)) resolve({ error: 'frame timeout' }); }, 30000);
      });
    }
    if (!window.warrant) return { error: 'window.warrant missing' };
    if (call.scroll) document.querySelector('[data-cell="' + call.cell + '"]')?.scrollIntoView({ block: 'center' });
    const before = window.clicks.length;
    const proposal = { tool: 'click', args: { target: call.target }, agent: 'fuzz-bench' };
    if (call.claim !== null) proposal.claims = { label: call.claim };
    const started = performance.now();
    let verdict;
    try {
      verdict = await window.warrant.propose(proposal);
    } catch (error) {
      verdict = { id: '', decision: 'error', executed: false, reasons: [{ code: 'exception', message: String(error) }] };
    }
    const ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, 0));
    return { verdict, ms, handler: window.clicks.slice(before) };
  };
  window.fuzzRun = run;
  addEventListener('message', async (event) => {
    const data = event.data;
    if (!data || typeof data !== 'object') return;
    if ('fuzzReply' in data) {
      const resolve = pending.get(data.fuzzReply);
      if (resolve) { pending.delete(data.fuzzReply); resolve(data.result); }
      return;
    }
    if ('fuzzCall' in data) event.source.postMessage({ fuzzReply: data.nonce, result: await run(data.fuzzCall) }, '*');
  });
})();`;

export const document_ = (title: string, body: string) =>
  `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n<style>${STYLE}\n</style>\n</head>\n<body>\n${body}\n<script>${DRIVER}\n</script>\n</body>\n</html>\n`;

const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function cellOf(m: Mutant): string {
  const height = m.frames.length > 0 ? 150 : 64;
  return `<div class="cell" style="min-height:${height}px" data-cell="${m.id}" data-kind="${m.kind}" data-family="${m.family}" data-claim="${attr(m.claim ?? '')}">${m.html}</div>`;
}

/** A page of cells; its frame documents go to `<dir>/fuzz-docs/`. */
export function writePage(dir: string, name: string, title: string, mutants: Mutant[]): void {
  mkdirSync(join(dir, 'fuzz-docs'), { recursive: true });
  for (const m of mutants) for (const d of m.docs) writeFileSync(join(dir, 'fuzz-docs', d.name), document_(`${m.id} frame`, d.body));
  writeFileSync(join(dir, name), document_(title, `${mutants.map(cellOf).join('\n')}\n<div style="height:600px"></div>`));
}

/** One proposal as the page driver takes it. */
export type FuzzCall = { key: string; cell: string; path: string[]; target: string; claim: string | null; scroll: boolean };
export const callOf = (m: Mutant): FuzzCall => ({ key: m.id, cell: m.id, path: m.path, target: m.target, claim: m.claim, scroll: true });
