import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { clicks, codes, propose, proposeAndAnswer, useBrowser } from '../support/suite';

describe.each(BROWSERS)('click gate in %s', (name) => {
  const env = useBrowser(name);
  const openFixture = () => env.open('bank.example', '/click.html');

  it('allows and performs an honest click whose claimed label is the visible text', async () => {
    const page = await openFixture();
    const verdict = await propose(page, { tool: 'click', args: { target: '#details' }, claims: { label: 'Show details' }, agent: 'test' });
    expect(verdict).toMatchObject({ decision: 'allow', executed: true, reasons: [] });
    expect(await clicks(page)).toEqual(['details']);
    await page.close();
  });

  it('blocks a click whose claimed label differs from what the button shows', async () => {
    const page = await openFixture();
    const verdict = await propose(page, { tool: 'click', args: { target: '#details' }, claims: { label: 'Cancel' } });
    expect(verdict.decision).toBe('block');
    expect(verdict.executed).toBe(false);
    expect(codes(verdict)).toContain('label_mismatch');
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it.each([
    ['display:none', '#hidden-display'],
    ['visibility:hidden', '#hidden-visibility'],
    ['opacity:0', '#hidden-opacity'],
    ['zero size', '#hidden-zero'],
    ['a display:none ancestor', '#hidden-ancestor'],
  ])('blocks a target hidden by %s', async (_, target) => {
    const page = await openFixture();
    const verdict = await propose(page, { tool: 'click', args: { target } });
    expect(verdict.decision).toBe('block');
    expect(verdict.executed).toBe(false);
    expect(codes(verdict)).toContain('target_hidden');
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('blocks a target covered by another element at its click point', async () => {
    const page = await openFixture();
    const verdict = await propose(page, { tool: 'click', args: { target: '#covered' }, claims: { label: 'Cancel' } });
    expect(verdict).toMatchObject({ decision: 'block', executed: false });
    expect(codes(verdict)).toEqual(['target_covered']);
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('asks the user before a commit action, and performs it only when approved', async () => {
    const page = await openFixture();
    const call = { tool: 'click', args: { target: '#pay' }, claims: { label: 'Pay $500' }, agent: 'test-agent' };
    const denied = await proposeAndAnswer(env, page, call, { approve: false });
    expect(denied.listed.text).toContain('Pay $500');
    expect(denied.listed.text).toContain(`bank.example:${env.server.port}`);
    expect(denied.listed.text).toContain('requires_approval');
    expect(denied.listed.hasCrop).toBe(true);
    expect(denied.verdict, JSON.stringify(denied.verdict)).toMatchObject({ decision: 'ask', approved: false, executed: false });
    expect(await clicks(page)).toEqual([]);

    const approved = await proposeAndAnswer(env, page, call, { approve: true });
    expect(approved.verdict).toMatchObject({ decision: 'ask', approved: true, executed: true });
    expect(await clicks(page)).toEqual(['pay']);
    await page.close();
  });

  it.each([
    ['#fr-pay', 'Payer 50 €'],
    ['#de-buy', 'Jetzt kaufen'],
    ['#es-send', 'Enviar transferencia'],
    ['#ja-order', '注文を確定する'],
    ['#ru-delete', 'Удалить аккаунт'],
    // U+FEFF inside the word: JavaScript's \s matches it, and it once reached the label as a space.
    ['#zw-remove', 'Remove item'],
  ])('asks before a commitment named in another language or disguised: %s', async (target, label) => {
    const page = await openFixture();
    const denied = await proposeAndAnswer(env, page, { tool: 'click', args: { target }, claims: { label } }, { approve: false });
    expect(denied.listed.text).toContain('requires_approval');
    expect(denied.verdict).toMatchObject({ decision: 'ask', approved: false, executed: false });
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('lets honest labels in those languages through without an ask', async () => {
    const page = await openFixture();
    for (const [target, label] of [
      ['#fr-next', 'Page suivante'],
      ['#de-more', 'Mehr anzeigen'],
      ['#ru-more', 'Подробнее'],
    ] as const) {
      const verdict = await propose(page, { tool: 'click', args: { target }, claims: { label } });
      expect(verdict, target).toMatchObject({ decision: 'allow', executed: true });
    }
    expect(await clicks(page)).toEqual(['fr-next', 'de-more', 'ru-more']);
    await page.close();
  });

  it('checks claims of where a link goes against the URL the page resolved, SVG links included', async () => {
    const page = await openFixture();
    const origin = new URL(page.url()).origin;
    const honest = await propose(page, {
      tool: 'click',
      args: { target: '#stmt' },
      claims: { label: 'Statements', href: `${origin}/statements` },
    });
    expect(honest).toMatchObject({ decision: 'allow', executed: true });
    const svg = await propose(page, { tool: 'click', args: { target: '#svg-help' }, claims: { origin } });
    expect(svg).toMatchObject({ decision: 'allow', executed: true });
    const elsewhere = await propose(page, { tool: 'click', args: { target: '#stmt' }, claims: { href: `${origin}/transfer` } });
    expect(elsewhere).toMatchObject({ decision: 'block', executed: false });
    expect(codes(elsewhere)).toEqual(['destination_mismatch']);
    const notALink = await propose(page, { tool: 'click', args: { target: '#details' }, claims: { origin } });
    expect(codes(notALink)).toEqual(['destination_mismatch']);
    // An SVG link goes where its animated href says (a <set> of it), which is what is certified.
    const written = await propose(page, { tool: 'click', args: { target: '#svg-set' }, claims: { href: `${origin}/help` } });
    expect(written).toMatchObject({ decision: 'block', executed: false });
    expect(codes(written)).toEqual(['destination_mismatch']);
    const followed = await propose(page, { tool: 'click', args: { target: '#svg-set' }, claims: { href: `${origin}/transfer` } });
    expect(followed).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks(page)).toEqual(['stmt', 'svg-help', 'svg-set']);
    await page.close();
  });

  it('asks before a same-site link whose query carries another site (an open redirect); one that stays runs', async () => {
    const page = await openFixture();
    const asked = await proposeAndAnswer(env, page, { tool: 'click', args: { target: '#redirect' } }, { approve: false });
    expect(asked.verdict).toMatchObject({ decision: 'ask', executed: false });
    expect(await propose(page, { tool: 'click', args: { target: '#redirect-home' } })).toMatchObject({ decision: 'allow', executed: true });
    const origin = new URL(page.url()).origin;
    const navigate = await proposeAndAnswer(
      env,
      page,
      { tool: 'navigate', args: { url: `${origin}/go?next=${encodeURIComponent('http://evil.example/')}` } },
      { approve: false },
    );
    expect(navigate.verdict).toMatchObject({ decision: 'ask', executed: false });
    expect(await clicks(page)).toEqual(['redirect-home']);
    await page.close();
  });

  it('blocks a disabled target', async () => {
    const page = await openFixture();
    const verdict = await propose(page, { tool: 'click', args: { target: '#disabled' } });
    expect(verdict).toMatchObject({ decision: 'block', executed: false });
    expect(codes(verdict)).toContain('target_disabled');
    await page.close();
  });

  it('rejects targets that match nothing, several elements, or are not selectors', async () => {
    const page = await openFixture();
    expect(codes(await propose(page, { tool: 'click', args: { target: '#nope' } }))).toEqual(['target_not_found']);
    expect(codes(await propose(page, { tool: 'click', args: { target: '.dup' } }))).toEqual(['target_ambiguous']);
    expect(codes(await propose(page, { tool: 'click', args: { target: 'button[' } }))).toEqual(['invalid_selector']);
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('reaches into open shadow roots with >>>', async () => {
    const page = await openFixture();
    const verdict = await propose(page, { tool: 'click', args: { target: '#host >>> #inner' }, claims: { label: 'Inner action' } });
    expect(verdict).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks(page)).toEqual(['inner']);
    await page.close();
  });

  it('rejects unknown tools, arguments and claims without touching the page', async () => {
    const page = await openFixture();
    const unknownTool = await propose(page, { tool: 'clik', args: { target: '#details' } });
    expect(unknownTool.decision).toBe('reject');
    expect(codes(unknownTool)).toEqual(['unknown_tool']);
    expect(unknownTool.reasons[0]?.message).toContain('click');
    expect(codes(await propose(page, { tool: 'click', args: { target: '#details', force: true } }))).toEqual(['unknown_param']);
    expect(codes(await propose(page, { tool: 'click', args: {} }))).toEqual(['missing_param']);
    expect(codes(await propose(page, { tool: 'click', args: { target: 7 } }))).toEqual(['type_mismatch']);
    expect(codes(await propose(page, { tool: 'click', args: { target: '#details' }, claims: { payee: 'Alice' } }))).toEqual([
      'unknown_claim',
    ]);
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('does not execute when the target changes between certification and execution', async () => {
    const page = await openFixture();
    const verdict = await page.evaluate(async () => {
      // The page keeps mutating the button (a MessageChannel loop is not clamped like timers),
      // so it is bound to differ between the moment it is certified and the moment of execution.
      const button = document.getElementById('details')!;
      const loop = new MessageChannel();
      let running = true;
      let tick = 0;
      loop.port1.onmessage = () => {
        button.dataset.tick = String(tick++);
        if (running) loop.port2.postMessage(null);
      };
      loop.port2.postMessage(null);
      const result = await (window as unknown as { warrant: { propose(c: unknown): Promise<unknown> } }).warrant.propose({
        tool: 'click',
        args: { target: '#details' },
        claims: { label: 'Show details' },
      });
      running = false;
      return result as { decision: string; executed: boolean; reasons: { code: string }[] };
    });
    expect(verdict).toMatchObject({ decision: 'block', executed: false });
    expect(verdict.reasons.map((r) => r.code)).toEqual(['stale_evidence']);
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });
});
