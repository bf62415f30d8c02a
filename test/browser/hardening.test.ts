import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { clicks, codes, propose, useBrowser } from '../support/suite';

/**
 * Every hardening class as a deceptive element and its honest twin (test/fixtures/hardening.html).
 * Judged by the page: the deceptive one's handler never runs, the honest twin's does.
 */
type Case = [name: string, deceptive: { target: string; label?: string; code: string }, honest: { target: string; label?: string }];

const CASES: Case[] = [
  ['clip-path', { target: '#clip-bad', code: 'target_hidden' }, { target: '#clip-ok' }],
  ['scaled to nothing', { target: '#tiny-bad', code: 'target_hidden' }, { target: '#tiny-ok' }],
  ['off the viewport for good (honest twin is only scrolled away)', { target: '#away-bad', code: 'target_hidden' }, { target: '#away-ok' }],
  ['content-visibility', { target: '#cv-bad', code: 'target_hidden' }, { target: '#cv-ok' }],
  [
    'text in the background colour',
    { target: '#same-bad', label: 'Open menu Close', code: 'label_mismatch' },
    { target: '#same-ok', label: 'Open menu' },
  ],
  ['nearly transparent text', { target: '#faint-bad', label: 'Close', code: 'label_mismatch' }, { target: '#faint-ok', label: 'Close' }],
  [
    'font-size 0 text',
    { target: '#zero-bad', label: 'Open menu Close', code: 'label_mismatch' },
    { target: '#zero-ok', label: 'Open menu' },
  ],
  [
    'generated content replacing the DOM text',
    { target: '#swap-bad', label: 'Open menu', code: 'label_mismatch' },
    { target: '#gen-ok', label: 'Open menu' },
  ],
  [
    'text-indent out of an overflow box',
    { target: '#indent-bad', label: 'Open menu', code: 'label_mismatch' },
    { target: '#indent-ok', label: 'Open menu' },
  ],
  ['an overlay over part of the target', { target: '#corner-bad', code: 'target_covered' }, { target: '#corner-ok' }],
  ['an accessible name that does not contain the visible label', { target: '#aria-bad', code: 'ax_mismatch' }, { target: '#aria-ok' }],
  ['aria-hidden on a visible control', { target: '#hidden-ax-bad', code: 'ax_mismatch' }, { target: '#hidden-ax-ok' }],
  [
    'a homoglyph of the claimed label (Cyrillic О)',
    { target: '#glyph-bad', label: 'Open menu', code: 'label_mismatch' },
    { target: '#glyph-ok', label: 'Open menu' },
  ],
  ['filter: opacity()', { target: '#filter-bad', code: 'target_hidden' }, { target: '#filter-ok' }],
  ['aria-disabled', { target: '#ariadis-bad', code: 'target_disabled' }, { target: '#ariadis-ok' }],
  ['an inert ancestor', { target: '#inert-bad', code: 'target_disabled' }, { target: '#inert-ok' }],
  ['a disabled fieldset', { target: '#fieldset-bad', code: 'target_disabled' }, { target: '#inert-ok' }],
];

describe.each(BROWSERS)('verifier hardening in %s', (browserName) => {
  const env = useBrowser(browserName);

  it.each(CASES)('%s: blocks the deceptive target and performs its honest twin', async (_, deceptive, honest) => {
    const page = await env.open('bank.example', '/hardening.html');
    const claims = (label?: string) => (label === undefined ? {} : { claims: { label } });
    const bad = await propose(page, { tool: 'click', args: { target: deceptive.target }, ...claims(deceptive.label) });
    expect(bad.decision).toBe('block');
    expect(bad.executed).toBe(false);
    expect(codes(bad)).toContain(deceptive.code);
    expect(await clicks(page)).toEqual([]);

    const good = await propose(page, { tool: 'click', args: { target: honest.target }, ...claims(honest.label) });
    expect(good.reasons).toEqual([]);
    expect(good).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks(page)).toEqual([honest.target.slice(1)]);
    await page.close();
  });

  it('counts generated content in the accessible name and ignores decorative symbols in label-in-name', async () => {
    const page = await env.open('bank.example', '/hardening.html');
    expect(await propose(page, { tool: 'click', args: { target: '#help' }, claims: { label: 'Show help' } })).toMatchObject({
      decision: 'allow',
      executed: true,
    });
    expect(await propose(page, { tool: 'click', args: { target: '#favourite' } })).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks(page)).toEqual(['help', 'favourite']);
    await page.close();
  });

  it('refuses to type into a field whose role says it is something else', async () => {
    const page = await env.open('bank.example', '/hardening.html');
    expect(codes(await propose(page, { tool: 'type', args: { target: '#role-bad', text: 'x' } }))).toEqual(['ax_mismatch']);
    expect(await propose(page, { tool: 'type', args: { target: '#role-ok', text: 'x' } })).toMatchObject({
      decision: 'allow',
      executed: true,
    });
    expect(
      await page.evaluate(() => [
        (document.getElementById('role-bad') as HTMLInputElement).value,
        (document.getElementById('role-ok') as HTMLInputElement).value,
      ]),
    ).toEqual(['', 'x']);
    await page.close();
  });
});
