import { describe, expect, it } from 'vitest';
import type { TestBrowser, TestPage } from '../support/browsers';
import { BROWSERS } from '../support/browsers';
import { answerPendingAsk, useBrowser } from '../support/suite';
import { waitFor } from '../support/wait';

/** Runs a page script and reports what it threw (null when it returned) and what it returned. */
function run(page: TestPage, script: string): Promise<{ threw: string | null; value: unknown }> {
  return page.evaluate((source) => {
    try {
      return { threw: null, value: new Function(source)() as unknown };
    } catch (error) {
      return { threw: error instanceof DOMException ? error.name : String(error), value: null };
    }
  }, script);
}

const events = (page: TestPage) => page.evaluate(() => [...(window as unknown as { events: string[] }).events]);
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The tab's URL once a navigation has committed (or "navigating" while it is under way). */
const hrefOf = (page: TestPage) => page.evaluate(() => location.href).catch(() => 'navigating');

/** The popup's Blocked view, as the user reads it. */
async function blockedView(browser: TestBrowser): Promise<string[]> {
  const popup = await browser.openExtensionPage('src/popup/index.html');
  const settled = () =>
    waitFor('the list to settle', () => popup.evaluate(() => document.getElementById('records')!.getAttribute('aria-busy') === 'false'), {
      every: 50,
    });
  await settled();
  await popup.evaluate(() => document.getElementById('view-blocked')!.click());
  await settled();
  const texts = await popup.evaluate(() => Array.from(document.querySelectorAll('#records > li'), (li) => li.textContent ?? ''));
  await popup.close();
  return texts;
}

describe.each(BROWSERS)('interception of typing, navigation and windows in %s', (name) => {
  const env = useBrowser(name);
  const open = () => env.open('bank.example', '/intercept-more.html');

  it('lets a script type into an ordinary field, choose an option and edit a contenteditable at once', async () => {
    const page = await open();
    const outcome = await run(
      page,
      `const set = (proto, el, v) => Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, v);
       const name = document.getElementById('name');
       set(HTMLInputElement.prototype, name, 'Alice');
       name.dispatchEvent(new Event('input', { bubbles: true }));
       const colour = document.getElementById('colour');
       set(HTMLSelectElement.prototype, colour, 'blue');
       colour.dispatchEvent(new Event('change', { bubbles: true }));
       const notes = document.getElementById('notes');
       notes.innerText = 'Call back';
       notes.dispatchEvent(new InputEvent('beforeinput', { bubbles: true, inputType: 'insertText', data: 'Call back' }));
       return [name.value, colour.value, notes.textContent];`,
    );
    expect(outcome).toEqual({ threw: null, value: ['Alice', 'blue', 'Call back'] });
    expect(await events(page)).toEqual(['input:name=Alice', 'change:colour=blue', 'beforeinput:notes']);
    await page.close();
  });

  it('holds a script typing into a password field: the value before the burst of writes stays, and the approved text is typed once', async () => {
    const page = await open();
    const typed = await run(
      page,
      `const pw = document.getElementById('pw');
       const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
       set.call(pw, 'first-write');
       set.call(pw, 'stolen-by-agent');
       pw.dispatchEvent(new Event('input', { bubbles: true }));`,
    );
    expect(typed.threw).toBe('NotAllowedError');
    expect(await page.evaluate(() => (document.getElementById('pw') as HTMLInputElement).value)).toBe('old-secret');
    expect(await events(page)).toEqual([]);
    const listed = await answerPendingAsk(env, { approve: true });
    expect(listed.text).toContain('type');
    expect(listed.text).toContain('intercepted:unknown');
    await expect
      .poll(() => page.evaluate(() => (document.getElementById('pw') as HTMLInputElement).value), { timeout: 8_000 })
      .toBe('stolen-by-agent');
    await settle(300);
    expect((await events(page)).filter((e) => e.startsWith('input:pw'))).toEqual(['input:pw=stolen-by-agent']);
    await page.close();
  });

  it("holds execCommand('insertText') into a card field and pointer presses on a Pay button", async () => {
    const page = await open();
    const inserted = await run(
      page,
      "document.getElementById('card').focus(); return document.execCommand('insertText', false, '4111 1111');",
    );
    expect(inserted.threw).toBe('NotAllowedError');
    expect(await page.evaluate(() => (document.getElementById('card') as HTMLInputElement).value)).toBe('');
    expect((await answerPendingAsk(env, { approve: false })).text).toContain('type');
    const pressed = await run(page, "document.getElementById('pay').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))");
    expect(pressed.threw).toBe('NotAllowedError');
    expect((await answerPendingAsk(env, { approve: false })).text).toContain('Pay $500');
    await settle(300);
    expect(await events(page)).toEqual([]);
    await page.close();
  });

  it('holds a script navigation to another site until approved; one within the site goes ahead', async () => {
    const page = await open();
    const start = await hrefOf(page);
    const away = `http://evil.example:${env.server.port}/away`;
    expect((await run(page, `location.href = ${JSON.stringify(away)}`)).threw).toBeNull();
    await settle(500);
    expect(await hrefOf(page)).toBe(start);
    const denied = await answerPendingAsk(env, { approve: false });
    expect(denied.text).toContain('an assistant wants to go to another page');
    expect(denied.text).toContain(`Goes toevil.example${away}`);
    expect(denied.text).toContain('This leads to another site: evil.example');
    await settle(500);
    expect(await hrefOf(page)).toBe(start);

    expect((await run(page, `location.assign(${JSON.stringify(away)})`)).threw).toBeNull();
    await answerPendingAsk(env, { approve: true });
    await expect.poll(() => hrefOf(page), { timeout: 8_000 }).toBe(away);

    await page.goto(start);
    expect((await run(page, "location.replace('/click.html')")).threw).toBeNull();
    await expect.poll(() => hrefOf(page), { timeout: 8_000 }).toBe(env.server.url('bank.example', '/click.html'));
    await page.close();
  });

  it('withholds window.open to another site (audited, nothing opens) and lets a same-origin one open', async () => {
    const page = await open();
    const away = `http://evil.example:${env.server.port}/popup`;
    expect(await run(page, `return window.open(${JSON.stringify(away)}) === null`)).toEqual({ threw: null, value: true });
    expect(
      await run(page, "const w = window.open(''); const ok = w !== null && w.location.href === 'about:blank'; w?.close(); return ok;"),
    ).toEqual({
      threw: null,
      value: true,
    });
    await expect
      .poll(async () => (await blockedView(env.browser)).some((t) => t.includes('not_replayable') && t.includes('window.open')), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.close();
  });

  it('opens the URL it judged: one whose toString changes is opened as first read, and a relative one resolves against the base URL', async () => {
    // Found in a review (Dec 5): the URL was judged from one read and opened from another, and
    // relative URLs were judged against the document_start URL, not the document's base URL.
    const page = await open();
    const away = `http://evil.example:${env.server.port}/popup`;
    const opened = await run(
      page,
      `let n = 0; window.__opened = window.open({ toString: () => (n++ === 0 ? '/click.html' : ${JSON.stringify(away)}) }); return window.__opened !== null;`,
    );
    expect(opened).toEqual({ threw: null, value: true });
    const where = () =>
      run(page, "try { return window.__opened.location.pathname; } catch (error) { return 'another origin'; }").then((r) => r.value);
    await expect.poll(where, { timeout: 8_000 }).toBe('/click.html');
    await run(page, 'window.__opened.close();');
    const based = await run(
      page,
      `const base = document.createElement('base'); base.href = ${JSON.stringify(`http://evil.example:${env.server.port}/`)}; document.head.append(base); const w = window.open('popup'); base.remove(); return w === null;`,
    );
    expect(based).toEqual({ threw: null, value: true });
    await page.close();
  });

  it('judges a navigation started by a link the click decision never saw: a slotted span inside a closed shadow tree’s cross-site link', async () => {
    // Found in a review (Dec 5): the click on the span passed (no link around it in the light tree),
    // and every navigation during a passing click was let through, wherever it came from.
    const page = await open();
    const start = await hrefOf(page);
    const away = `http://evil.example:${env.server.port}/slotted`;
    const clicked = await run(
      page,
      `const host = document.createElement('span');
       const root = host.attachShadow({ mode: 'closed' });
       root.innerHTML = '<a href="${away}"><slot></slot></a>';
       const span = document.createElement('span');
       span.textContent = 'Read more';
       host.append(span);
       document.body.append(host);
       span.click();
       return 'clicked';`,
    );
    expect(clicked).toEqual({ threw: null, value: 'clicked' });
    const denied = await answerPendingAsk(env, { approve: false });
    expect(denied.text).toContain('evil.example');
    await settle(500);
    expect(await hrefOf(page)).toBe(start);
    await page.close();
  });

  it('finds an SVG link by its xlink:href: a click on HTML inside a cross-site <svg:a> is held', async () => {
    // Found in a review (Dec 5): only links with a plain href counted, and SVG 1.1's xlink:href is namespaced.
    const page = await open();
    const away = `http://evil.example:${env.server.port}/svg`;
    const outcome = await run(
      page,
      `const holder = document.createElement('div');
       holder.innerHTML = '<svg width="200" height="40"><a xlink:href="${away}"><foreignObject width="200" height="40"><div>Continue</div></foreignObject></a></svg>';
       document.body.append(holder);
       let ran = 0;
       holder.querySelector('a').addEventListener('click', (event) => { event.preventDefault(); ran += 1; });
       try { holder.querySelector('foreignObject div').click(); } catch (error) { return { thrown: error.name, ran }; }
       return { thrown: 'none', ran };`,
    );
    expect(outcome).toEqual({ threw: null, value: { thrown: 'NotAllowedError', ran: 0 } });
    await answerPendingAsk(env, { approve: false });
    await page.close();
  });

  it('judges an SVG link by the address it follows: a cross-site href set by an animation, or one an animation not begun yet would set, is held; the same link left as written runs', async () => {
    // Found on Dec 6: both browsers follow an SVG link's animated href, while its attribute still named this site.
    const page = await open();
    const away = `http://evil.example:${env.server.port}/svg`;
    const made = await run(
      page,
      `const holder = document.createElement('div');
       holder.innerHTML = '<svg width="200" height="60"><a id="set-away" href="/svg-home"><set attributeName="href" to="${away}" begin="0s"/><text x="2" y="17">Help</text></a><a id="stays" href="/svg-home"><text x="2" y="37">Help</text></a><a id="pending" href="/svg-home"><set attributeName="href" to="${away}" begin="indefinite"/><text x="2" y="57">Help</text></a></svg>';
       document.body.append(holder);
       window.ran = [];
       for (const link of holder.querySelectorAll('a')) link.addEventListener('click', (event) => { event.preventDefault(); window.ran.push(link.id); });
       return true;`,
    );
    expect(made).toEqual({ threw: null, value: true });
    await expect.poll(() => page.evaluate(() => (document.getElementById('set-away') as unknown as SVGAElement).href.animVal)).toBe(away);
    const click = (id: string) =>
      run(
        page,
        `try { document.getElementById('${id}').dispatchEvent(new MouseEvent('click', { bubbles: true })); } catch (error) { return error.name; } return window.ran;`,
      );
    expect(await click('set-away')).toEqual({ threw: null, value: 'NotAllowedError' });
    // One an animation not begun yet would send there (the page can begin it as the click is
    // dispatched) is held too (Warrant may then perform it itself, under its navigation rule).
    expect(await click('pending')).toEqual({ threw: null, value: 'NotAllowedError' });
    // Their asks are left unanswered: the page closes (a shared Firefox once waited out the test for one).
    const ran = await click('stays');
    expect(ran.value).toContain('stays');
    expect(ran.value).not.toContain('set-away');
    await page.close();
  });

  it('finds a commitment anywhere in a label, even after the page broke RegExp and String internals', async () => {
    const page = await open();
    const outcome = await run(
      page,
      `RegExp.prototype.exec = () => null;
       RegExp.prototype[Symbol.split] = () => [];
       RegExp.prototype[Symbol.replace] = () => '';
       String.prototype.split = () => [];
       String.prototype.toLowerCase = () => '';
       const held = [];
       for (const id of ['plan', 'pay']) {
         try { document.getElementById(id).click(); held.push(false); } catch (e) { held.push(e.name); }
       }
       return held;`,
    );
    expect(outcome).toEqual({ threw: null, value: ['NotAllowedError', 'NotAllowedError'] });
    expect(await events(page)).toEqual([]);
    for (let i = 0; i < 2; i++) await answerPendingAsk(env, { approve: false });
    await page.close();
  });

  it("patches a fresh about:blank frame at once: its click() on this page's Pay is refused and audited", async () => {
    const page = await open();
    const outcome = await run(
      page,
      `const frame = document.createElement('iframe');
       document.body.append(frame);
       const native = (f) => Function.prototype.toString.call(f).includes('[native code]');
       const click = frame.contentWindow.HTMLElement.prototype.click;
       let threw = false;
       try { click.call(document.getElementById('pay')); } catch { threw = true; }
       return { looksNative: native(click), threw };`,
    );
    // The frame's wrapper looks native (issue 13 §4); that it threw shows it is there: the native
    // click() of an unpatched frame does not throw (the guard cancels its click instead).
    expect(outcome).toEqual({ threw: null, value: { looksNative: true, threw: true } });
    await settle(500);
    expect(await events(page)).toEqual([]);
    await expect
      .poll(async () => (await blockedView(env.browser)).some((t) => t.includes('not_replayable') && t.includes('cannot address')), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.close();
  });

  it('catches clicks made with functions from a sandboxed same-origin frame, and on detached links', async () => {
    const refused = async () => (await blockedView(env.browser)).filter((t) => t.includes('cannot address')).length;
    const refusedBefore = name === 'firefox' ? await refused() : 0;
    const page = await open();
    const start = await hrefOf(page);
    // Chromium runs no MAIN-world script in a same-origin iframe sandboxed without allow-scripts, so
    // its prototypes are pristine and only the untrusted-click and navigate guards see the result.
    // Firefox does patch that frame, and its wrapper refuses an element of another document.
    const outcome = await run(
      page,
      `const frame = document.createElement('iframe');
       frame.setAttribute('sandbox', 'allow-same-origin');
       document.body.append(frame);
       const click = frame.contentWindow.HTMLElement.prototype.click;
       const detached = document.createElement('a');
       detached.href = 'http://evil.example:' + location.port + '/detached';
       const threw = [];
       for (const target of [document.getElementById('pay'), document.getElementById('away-link'), detached]) {
         try { click.call(target); threw.push(false); } catch { threw.push(true); }
       }
       return threw;`,
    );
    await settle(800);
    expect(await events(page)).toEqual([]);
    expect(await hrefOf(page)).toBe(start);
    if (name === 'chromium') {
      expect(outcome.value).toEqual([false, false, false]);
      // Pay, the partner link and the detached link's navigation are each asked about (in any order).
      const asked: string[] = [];
      for (let i = 0; i < 3; i++) asked.push((await answerPendingAsk(env, { approve: false })).text);
      expect(asked.join(' ')).toContain('Pay $500');
      expect(asked.join(' ')).toContain('Partner offer');
      expect(asked.join(' ')).toContain('/detached');
    } else {
      expect(outcome.value).toEqual([true, true, true]);
      // Refused by the frame's own wrapper, and audited through that frame's channel.
      await expect.poll(async () => (await refused()) - refusedBefore, { timeout: 10_000 }).toBe(3);
    }
    await settle(500);
    expect(await hrefOf(page)).toBe(start);
    expect(await events(page)).toEqual([]);
    await page.close();
  });
});
