import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { clicks, codes, propose, proposeAndAnswer, proposeOrDeny, useBrowser } from '../support/suite';

/**
 * Privileged clicks are corroborated across modalities: DOM text, accessible name and the
 * rendered pixels (OCR) must agree. Judged by what the page did.
 */
describe.each(BROWSERS)('cross-modal corroboration in %s', (browserName) => {
  const env = useBrowser(browserName);

  it('blocks a commit whose pixels show another label than the DOM (a painted-over button), without asking', async () => {
    const page = await env.open('bank.example', '/cross-modal.html');
    const verdict = await propose(page, { tool: 'click', args: { target: '#disguised' }, claims: { label: 'Pay $500' } });
    expect(verdict).toMatchObject({ decision: 'block', executed: false });
    expect(codes(verdict)).toContain('pixel_mismatch');
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('asks for the honest twin, whose pixels agree, and performs it when approved', async () => {
    const page = await env.open('bank.example', '/cross-modal.html');
    const { verdict, listed } = await proposeAndAnswer(
      env,
      page,
      { tool: 'click', args: { target: '#honest' }, claims: { label: 'Pay $500' } },
      { approve: true },
    );
    expect(listed.text).toContain('ocr_text');
    expect(verdict).toMatchObject({ decision: 'ask', approved: true, executed: true });
    expect(await clicks(page)).toEqual(['honest']);
    await page.close();
  });

  it('blocks a commit whose pixels show its label turned around by a prefix ("Unsubscribe" drawn for "Subscribe"), without asking', async () => {
    const page = await env.open('bank.example', '/cross-modal.html');
    const verdict = await propose(page, { tool: 'click', args: { target: '#flipped' }, claims: { label: 'Subscribe' } });
    expect(verdict).toMatchObject({ decision: 'block', executed: false });
    expect(codes(verdict)).toContain('pixel_mismatch');
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('refuses a click whose pixels show one letter more than its label ("Block account" drawn for "lock account"); its twin, read as it is, is performed', async () => {
    const page = await env.open('bank.example', '/cross-modal.html');
    const { verdict } = await proposeOrDeny(env, page, { tool: 'click', args: { target: '#lettered' }, claims: { label: 'lock account' } });
    expect(verdict.executed).toBe(false);
    expect(codes(verdict)).toContain('pixel_mismatch');
    const twin = await proposeOrDeny(env, page, { tool: 'click', args: { target: '#lock' }, claims: { label: 'Lock account' } });
    expect(twin.asked).toBe(false);
    expect(twin.verdict).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks(page)).toEqual(['lock']);
    await page.close();
  });

  it('asks for its twin, whose pixels read the label as the DOM has it, and performs it when approved', async () => {
    const page = await env.open('bank.example', '/cross-modal.html');
    const { verdict, listed } = await proposeAndAnswer(
      env,
      page,
      { tool: 'click', args: { target: '#repainted' }, claims: { label: 'Subscribe' } },
      { approve: true },
    );
    expect(listed.text).toContain('ocr_text');
    expect(verdict).toMatchObject({ decision: 'ask', approved: true, executed: true });
    expect(await clicks(page)).toEqual(['repainted']);
    await page.close();
  });

  it('does not perform an approved action whose pixels changed while the user was deciding', async () => {
    const page = await env.open('bank.example', '/cross-modal.html');
    // While the user reads the prompt, the page paints another amount over the button — with an
    // overlay that lets clicks through, so the button's DOM, text and hit test stay as certified:
    // only the pixels tell.
    const repaint = () =>
      page.evaluate(() => {
        const honest = document.getElementById('honest')!;
        const cover = document.createElement('span');
        cover.className = 'cover';
        honest.replaceWith(cover);
        const mask = document.createElement('span');
        mask.className = 'mask';
        mask.textContent = 'Pay $900';
        cover.append(honest, mask);
      });
    const { verdict } = await proposeAndAnswer(
      env,
      page,
      { tool: 'click', args: { target: '#honest' } },
      { approve: true, beforeAnswer: repaint },
    );
    expect(verdict).toMatchObject({ decision: 'block', approved: true, executed: false });
    expect(codes(verdict)).toEqual(['stale_evidence']);
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('reads a claimed value only where the pixels show it too', async () => {
    const page = await env.open('bank.example', '/cross-modal.html');
    const disguised = await propose(page, { tool: 'read', args: { target: '#balance-disguised' }, claims: { value: '$1,200.00' } });
    expect(disguised).toMatchObject({ decision: 'block', executed: false });
    expect(codes(disguised)).toEqual(['pixel_mismatch']);
    const honest = await propose(page, { tool: 'read', args: { target: '#balance' }, claims: { value: '$1,200.00' } });
    expect(honest).toMatchObject({ decision: 'allow', executed: true, result: { text: 'Balance $1,200.00' } });
    await page.close();
  });
});
