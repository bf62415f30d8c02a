import { describe, expect, it } from 'vitest';
import type { TestPage } from '../support/browsers';
import { BROWSERS } from '../support/browsers';
import { openOptions } from '../support/options-page';
import { answerPendingAsk, clicks, useBrowser } from '../support/suite';
import { sleep, waitOrTimeout } from '../support/wait';

/** Runs a page script's action and reports what it threw (null when it returned). */
function attempt(page: TestPage, script: string): Promise<string | null> {
  return page.evaluate((source) => {
    try {
      new Function(source)();
      return null;
    } catch (error) {
      return error instanceof DOMException ? `${error.name}` : String(error);
    }
  }, script);
}

/** Waits until the page's handlers recorded `count` events (or `ms` pass: some tests expect fewer), and reads them. */
async function clicksAfter(page: TestPage, count: number, ms = 8_000): Promise<string[]> {
  type Clicks = { clicks: string[] };
  await waitOrTimeout(() => page.evaluate((count) => (window as unknown as Clicks).clicks.length >= count, count), {
    timeout: ms,
    every: 50,
  });
  return page.evaluate(() => [...(window as unknown as Clicks).clicks]);
}

/** The path the tab shows once a navigation has committed (closing a tab mid-commit can hang Chromium). */
const pathOf = (page: TestPage) => page.evaluate(() => location.pathname).catch(() => 'navigating');

describe.each(BROWSERS)('interception of page scripts in %s', (name) => {
  const env = useBrowser(name);
  const open = () => env.open('bank.example', '/intercept.html');

  it("keeps a page's own programmatic clicks on benign elements working, synchronously", async () => {
    const page = await open();
    const seen = await page.evaluate(() => {
      const w = window as unknown as { clicks: string[] };
      // A visible button whose handler opens the hidden file input with input.click().
      document.getElementById('attach')!.click();
      const afterAttach = [...w.clicks];
      // Menu toggles: a <summary> and an aria-expanded button, pressed from script.
      document.getElementById('menu-summary')!.click();
      const detailsOpen = (document.getElementById('menu') as HTMLDetailsElement).open;
      document.getElementById('menu-button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      const expanded = document.getElementById('menu-button')!.getAttribute('aria-expanded');
      return { afterAttach, detailsOpen, expanded, listShown: !document.getElementById('menu-list')!.hidden };
    });
    expect(seen).toEqual({ afterAttach: ['attach', 'file'], detailsOpen: true, expanded: 'true', listShown: true });
    await page.close();
  });

  it('holds a script click on "Pay $500": NotAllowedError, an ask, and exactly one click once approved', async () => {
    const page = await open();
    // page-agent announces itself with window CustomEvents; the ask names it.
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('PageAgent::ClickPointer')));
    expect(await attempt(page, "document.getElementById('pay').click()")).toBe('NotAllowedError');
    expect(await clicks(page)).toEqual([]);
    const listed = await answerPendingAsk(env, { approve: true });
    expect(listed.text).toContain('Pay $500');
    expect(listed.text).toContain('intercepted:page-agent');
    expect(await clicksAfter(page, 1)).toEqual(['pay']);
    await sleep(500);
    expect(await clicks(page)).toEqual(['pay']);
    await page.close();
  });

  it('holds a script click on a lookalike commitment ("Раy" in Cyrillic) even after the page patched String methods; "Play" runs', async () => {
    const page = await open();
    await page.evaluate(() => {
      const w = window as unknown as { clicks: string[] };
      for (const [id, label] of [
        ['spoof', '\u0420\u0430y $500'],
        ['play', 'Play video'],
      ]) {
        const button = document.createElement('button');
        button.id = id!;
        button.textContent = label!;
        button.addEventListener('click', () => w.clicks.push(id!));
        document.body.prepend(button);
      }
      // The page tries to blind a classifier that would use the engine's methods at click time.
      String.prototype.normalize = function (this: string) {
        return 'x';
      };
      String.prototype.toLowerCase = function (this: string) {
        return 'x';
      };
    });
    expect(await attempt(page, "document.getElementById('play').click()")).toBeNull();
    expect(await clicks(page)).toEqual(['play']);
    expect(await attempt(page, "document.getElementById('spoof').click()")).toBe('NotAllowedError');
    const listed = await answerPendingAsk(env, { approve: false });
    expect(listed.text).toContain('\u0420\u0430y $500');
    await sleep(300);
    expect(await clicks(page)).toEqual(['play']);
    await page.close();
  });

  it('holds a script click on a button of a payment form that names a sum or is worded where the lexicon cannot read it, and on a link or a div there naming a sum, even with RegExp, Array and String methods and RegExp flag getters patched; the same words outside such a form, a link naming no sum and the amount field run', async () => {
    const page = await open();
    await page.evaluate(() => {
      const w = window as unknown as { clicks: string[] };
      const form = document.createElement('form');
      form.innerHTML = '<input autocomplete="cc-number" name="card">';
      const add = (parent: HTMLElement, id: string, label: string, lang?: string) => {
        const button = document.createElement('button');
        Object.assign(button, { id, type: 'button', textContent: label });
        if (lang) button.lang = lang;
        button.addEventListener('click', () => w.clicks.push(id));
        parent.append(button);
      };
      // Finnish and Swahili, which the lexicon lacks: a sum in euros, one in kronor, a declared language.
      add(form, 'sum', 'Maksa 50 €');
      add(form, 'kronor', 'Maksa 499 kr');
      add(form, 'swahili', 'Lipa sasa', 'sw');
      add(form, 'details', 'Show details');
      // Not buttons: a link and a div the page gave a handler, naming a sum; a link naming none; the amount field.
      const other = (tag: string, id: string, label: string) => {
        const node = document.createElement(tag);
        Object.assign(node, { id, textContent: label });
        if (tag === 'a') node.setAttribute('href', `#${id}`);
        node.addEventListener('click', () => w.clicks.push(id));
        form.append(node);
      };
      other('a', 'sum-link', 'Maksa 50 €');
      other('div', 'sum-div', 'Maksa 50 €');
      other('a', 'terms', 'Ehdot');
      const amount = Object.assign(document.createElement('input'), { id: 'amount', value: '50 €' });
      amount.addEventListener('click', () => w.clicks.push('amount'));
      form.append(amount);
      // A choice one ticks, priced: the form's submission is what pays.
      const wrap = Object.assign(document.createElement('input'), { id: 'wrap', type: 'checkbox', title: 'Gift wrap +3 €' });
      wrap.addEventListener('click', () => w.clicks.push('wrap'));
      form.append(wrap);
      // An icon font's glyph (a private-use character) beside a readable word: readable.
      add(form, 'icon', '\ue8b6 Search');
      document.body.prepend(form);
      const outside = document.createElement('div');
      add(outside, 'sum-outside', 'Maksa 50 €');
      document.body.prepend(outside);
      // The page tries to blind a check that would use the engine's methods at click time.
      RegExp.prototype.exec = () => null;
      RegExp.prototype.test = () => false;
      // The flag getters the built-in `flags` getter reads: a sticky copy matches only at its start.
      Object.defineProperty(RegExp.prototype, 'sticky', { get: () => true, configurable: true });
      Object.defineProperty(RegExp.prototype, 'unicode', { get: () => false, configurable: true });
      Array.prototype.some = () => false;
      String.prototype.trim = () => '';
      String.prototype.toLowerCase = () => 'en';
    });
    for (const id of ['sum', 'kronor', 'swahili', 'sum-link', 'sum-div'])
      expect(await attempt(page, `document.getElementById('${id}').click()`), id).toBe('NotAllowedError');
    for (const id of ['details', 'icon', 'sum-outside', 'terms', 'amount', 'wrap'])
      expect(await attempt(page, `document.getElementById('${id}').click()`), id).toBeNull();
    expect(await clicks(page)).toEqual(['details', 'icon', 'sum-outside', 'terms', 'amount', 'wrap']);
    // Each held click is an ask, named by what the page shows.
    const listed = await answerPendingAsk(env, { approve: false });
    expect(listed.text).toMatch(/Maksa 50 €|Maksa 499 kr|Lipa sasa/u);
    await page.close();
  });

  it('performs nothing when the held click is denied, whether by click() or a synthetic event', async () => {
    const page = await open();
    expect(await attempt(page, "document.getElementById('pay').click()")).toBe('NotAllowedError');
    const listed = await answerPendingAsk(env, { approve: false });
    expect(listed.text).toContain('intercepted:unknown');
    const event = "document.getElementById('pay').dispatchEvent(new MouseEvent('click', { bubbles: true }))";
    expect(await attempt(page, event)).toBe('NotAllowedError');
    expect((await answerPendingAsk(env, { approve: false })).id).not.toBe('');
    await sleep(1_000);
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('holds a script click on "Commander" though the page put setters on array indexes before its first click()', async () => {
    // The MAIN world builds its commitment classifier at the page's first click(). A setter on an
    // index of Object.prototype swallowed lexicon items written with `list[list.length] = item`, and
    // the French "Commander" went through as harmless (a review, Dec 5; commit-match.ts).
    const page = await open();
    const outcome = await page.evaluate(() => {
      const button = document.createElement('button');
      button.textContent = 'Commander';
      let ran = 0;
      button.addEventListener('click', () => {
        ran += 1;
      });
      document.body.append(button);
      const keys = ['0', '1', '2', '3', '4', '5', '6', '7'];
      for (const key of keys) Object.defineProperty(Object.prototype, key, { set() {}, configurable: true });
      let thrown = 'none';
      try {
        button.click();
      } catch (error) {
        thrown = error instanceof DOMException ? error.name : String(error);
      } finally {
        for (const key of keys) Reflect.deleteProperty(Object.prototype, key);
      }
      return { thrown, ran };
    });
    expect(outcome).toEqual({ thrown: 'NotAllowedError', ran: 0 });
    await answerPendingAsk(env, { approve: false });
    await page.close();
  });

  it('decides each click on what the control says and where it leads then, not on what it said before', async () => {
    // The main world remembers its answers per label and per href (privilege.ts), never per element:
    // a control relabelled or re-pointed between two clicks is judged again.
    const page = await open();
    const outcome = await page.evaluate(() => {
      const ran: string[] = [];
      const tryClick = (element: HTMLElement) => {
        try {
          element.click();
          return 'ran';
        } catch (error) {
          return error instanceof DOMException ? error.name : String(error);
        }
      };
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Menu';
      button.addEventListener('click', () => ran.push(button.textContent!));
      const link = document.createElement('a');
      link.href = '#top';
      link.textContent = 'Top';
      link.addEventListener('click', (event) => {
        event.preventDefault();
        ran.push(link.href);
      });
      document.body.append(button, link);
      const results = [tryClick(button), tryClick(link)];
      button.textContent = 'Pay now';
      link.href = 'https://elsewhere.example/';
      results.push(tryClick(button), tryClick(link));
      button.textContent = 'Menu';
      results.push(tryClick(button));
      return { results, ran: ran.map((entry) => entry.replace(location.origin, '')) };
    });
    expect(outcome).toEqual({
      results: ['ran', 'ran', 'NotAllowedError', 'NotAllowedError', 'ran'],
      ran: ['Menu', '/intercept.html#top', 'Menu'],
    });
    await answerPendingAsk(env, { approve: false });
    await page.close();
  });

  it('finds the link a click activates across shadow boundaries: a span in a closed shadow tree inside a cross-site link is held', async () => {
    const page = await open();
    const outcome = await page.evaluate(() => {
      let ran = 0;
      const link = document.createElement('a');
      link.href = 'https://elsewhere.example/';
      link.addEventListener('click', (event) => {
        event.preventDefault();
        ran += 1;
      });
      const host = document.createElement('span');
      const root = host.attachShadow({ mode: 'closed' });
      const inner = document.createElement('span');
      inner.textContent = 'Read more';
      root.append(inner);
      link.append(host);
      document.body.append(link);
      try {
        inner.click();
        return { thrown: 'none', ran };
      } catch (error) {
        return { thrown: error instanceof DOMException ? error.name : String(error), ran };
      }
    });
    expect(outcome).toEqual({ thrown: 'NotAllowedError', ran: 0 });
    await answerPendingAsk(env, { approve: false });
    await page.close();
  });

  it("holds a click on a form's submit button until approved; the server receives the post only then", async () => {
    const page = await open();
    expect(await attempt(page, "document.getElementById('place').click()")).toBe('NotAllowedError');
    await sleep(300);
    expect(env.server.posts.filter((p) => p.path === '/order')).toEqual([]);
    expect(await clicks(page)).toEqual([]);
    await answerPendingAsk(env, { approve: true });
    await expect.poll(() => env.server.posts.filter((p) => p.path === '/order').length, { timeout: 8_000 }).toBe(1);
    await expect.poll(() => pathOf(page), { timeout: 8_000 }).toBe('/order');
    await page.close();
  });

  it('holds requestSubmit() and submit() on a form with a password field', async () => {
    const page = await open();
    const posts = () => env.server.posts.filter((p) => p.path === '/login');
    expect(await attempt(page, "document.getElementById('login').requestSubmit()")).toBe('NotAllowedError');
    expect((await answerPendingAsk(env, { approve: false })).id).not.toBe('');
    expect(await attempt(page, "document.getElementById('login').submit()")).toBe('NotAllowedError');
    await sleep(300);
    expect(posts()).toEqual([]);
    expect(await clicks(page)).toEqual([]);
    await answerPendingAsk(env, { approve: true });
    await expect.poll(() => posts().length, { timeout: 8_000 }).toBe(1);
    expect(posts()[0]!.body).toContain('pw=secret');
    await expect.poll(() => pathOf(page), { timeout: 8_000 }).toBe('/login');
    await page.close();
  });
});

describe.each(BROWSERS)('interception in frames of the page’s own origin in %s', (name) => {
  const env = useBrowser(name);

  it('holds submit() taken from a blob: frame the page made: Warrant runs in that realm too', async () => {
    const page = await env.open('bank.example', '/intercept.html');
    const posts = () => env.server.posts.filter((p) => p.path === '/login');
    // A frame whose document comes from a blob: URL of the page's origin has its own built-ins
    // (a red team's pristine HTMLFormElement.prototype.submit posted an order and, after an action's
    // watch was over, a card number to another site: Warrant's scripts did not run there).
    const outcome = await page.evaluate(async () => {
      const frame = document.createElement('iframe');
      frame.src = URL.createObjectURL(new Blob(['<!doctype html><title>blob</title><p>Frame</p>'], { type: 'text/html' }));
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      document.body.append(frame);
      await loaded;
      const realm = frame.contentWindow as Window & typeof globalThis;
      const patched = 'warrant' in realm;
      try {
        realm.HTMLFormElement.prototype.submit.call(document.getElementById('login'));
        return { patched, threw: null };
      } catch (error) {
        return { patched, threw: error instanceof Error ? error.name : String(error) };
      }
    });
    expect(outcome.patched).toBe(true);
    expect(outcome.threw).not.toBeNull();
    await sleep(800);
    expect(posts()).toEqual([]);
    expect(await pathOf(page)).toBe('/intercept.html');
    await page.close();
  });
});

describe.each(BROWSERS)('interception modes from the policy in %s', (name) => {
  const env = useBrowser(name);

  it("holds the site's mode from the page's first script: observe lets a privileged click run, enforce holds it", async () => {
    const options = await openOptions(env.browser);
    const policy = (await options.editor()) as { sites: Record<string, unknown> };
    policy.sites = { 'bank.example': { interception: 'observe' }, 'shop.example': { interception: 'off' } };
    await options.setEditor(JSON.stringify(policy));
    expect(await options.click('save', /^(Saved|Not saved|Warrant gave)/)).toBe('Saved.');
    await options.close();

    // The page presses "Pay $500" in its first inline script, while it is still parsing: the mode
    // must be there before the page's first script (registered at document_start), not a moment later.
    type Early = { clicks: string[]; early: string };
    const early = (page: TestPage) =>
      page.evaluate(() => {
        const w = window as unknown as Early;
        return { clicks: [...w.clicks], early: w.early };
      });
    const observed = await env.open('bank.example', '/intercept-early.html');
    expect(await early(observed)).toEqual({ clicks: ['pay'], early: 'returned' });
    await observed.close();

    // The same click on a site in the default mode (enforce) is held, from the first script too.
    const enforced = await env.open('evil.example', '/intercept-early.html');
    expect(await early(enforced)).toEqual({ clicks: [], early: 'NotAllowedError' });
    await enforced.close();

    // Off: the click runs from the first script too.
    const off = await env.open('shop.example', '/intercept-early.html');
    expect(await early(off)).toEqual({ clicks: ['pay'], early: 'returned' });
    await off.close();
  });
});
