import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAuditDb } from '../support/audit-page';
import { BROWSERS, ROOT } from '../support/browsers';
import { clicks, codes, propose, useBrowser } from '../support/suite';
import { waitFor } from '../support/wait';

/**
 * A frame whose evidence module cannot load (issue 13 §1 and §2), in both browsers: the build's
 * evidence file is replaced by one that throws. What does not need evidence still works — the page
 * lists its tools through the bridge, so the bridge does not load the verifiers with it (Firefox
 * has no protocol listing a content script's modules: frame-modules.test.ts reads them in Chromium);
 * a proposal that needs evidence is blocked with internal_error, nothing runs, and the audit log
 * records it with the tool and target the page proposed (the frame hands its parsed proposal over).
 */
function brokenEvidence(target: 'chrome' | 'firefox'): string {
  const copy = mkdtempSync(join(tmpdir(), `warrant-broken-evidence-${target}-`));
  cpSync(join(ROOT, 'dist', target), copy, { recursive: true });
  const assets = join(copy, 'assets');
  const evidence = readdirSync(assets).filter((file) => /^evidence-[\w-]+\.js$/.test(file));
  if (evidence.length !== 1) throw new Error(`expected one evidence module in dist/${target}/assets, found ${evidence.length}`);
  writeFileSync(join(assets, evidence[0]!), "throw new Error('The evidence module is broken (module-faults.test.ts).');\n");
  return copy;
}

describe.each(BROWSERS)('a frame whose evidence module does not load, in %s', (name) => {
  const build = brokenEvidence(name === 'chromium' ? 'chrome' : 'firefox');
  const env = useBrowser(name, { extension: build });
  afterAll(() => rmSync(build, { recursive: true, force: true }));

  it('still lists tools, and blocks a click it cannot gather evidence for, recorded with its tool and target', async () => {
    const page = await env.open('shop.example', '/click.html');
    const tools = await page.evaluate(() => (window as unknown as { warrant: { tools(): Promise<unknown[]> } }).warrant.tools());
    expect(Array.isArray(tools)).toBe(true);
    const verdict = await propose(page, {
      tool: 'click',
      args: { target: '#details' },
      claims: { label: 'Show details' },
      agent: 'module-faults',
    });
    expect(verdict).toMatchObject({ decision: 'block', executed: false });
    expect(codes(verdict)).toEqual(['internal_error']);
    expect(await clicks(page)).toEqual([]);
    const auditor = await env.browser.openExtensionPage('src/popup/index.html');
    const record = await waitFor('the proposal’s audit record', async () =>
      (await readAuditDb(auditor)).records.find((r) => r.id === verdict.id),
    );
    expect(record).toMatchObject({
      decision: 'block',
      proposal: { tool: 'click', target: '#details', agent: 'module-faults' },
      execution: { executed: false },
    });
    expect(record.reasons.map((r) => r.code)).toEqual(['internal_error']);
    await auditor.close();
    await page.close();
  });
});
