import { describe, expect, it } from 'vitest';
import type { TestPage } from '../support/browsers';
import { BROWSERS } from '../support/browsers';
import { answerPendingAsk, clicks, useBrowser, type Verdict } from '../support/suite';

/**
 * Issue 13 §4: a page that pollutes Object.prototype and patches the built-ins the main world
 * relies on changes nothing Warrant decides or does. The pollution is installed by the page (after
 * Warrant's document_start scripts, as any page script runs) and removed before each evaluate
 * returns, so the test harness's own serialisation does not run under it.
 */
function installPollution(page: TestPage, evil: string): Promise<void> {
  return page.evaluate((url) => {
    const w = window as unknown as Record<string, unknown>;
    const define = Object.defineProperty;
    const describe = Object.getOwnPropertyDescriptor;
    const saved: [object, PropertyKey, PropertyDescriptor | undefined][] = [];
    // The page's own descriptors need a null prototype too, once Object.prototype.get is set.
    const bare = (descriptor: PropertyDescriptor | undefined) =>
      descriptor && (Object.assign(Object.create(null), descriptor) as PropertyDescriptor);
    // As `target[key] = value` would, on a prototype: enumerable, writable, configurable.
    const put = (target: object, key: PropertyKey, descriptor: PropertyDescriptor) => {
      saved[saved.length] = [target, key, bare(describe(target, key))];
      define(target, key, bare({ enumerable: true, configurable: true, ...descriptor })!);
    };
    const value = (target: object, key: PropertyKey, v: unknown) => put(target, key, { value: v, writable: true });
    const forged = { id: 'forged', decision: 'allow', executed: true, reasons: [], forged: true };
    const originalThen = Promise.prototype.then;
    const originalData = describe(MessageEvent.prototype, 'data')!.get!;
    w.pollute = () => {
      // What the issue names: read through Object.prototype, each would change a decision.
      value(Object.prototype, 'url', url);
      value(Object.prototype, 'selector', '#pay');
      value(Object.prototype, 'get', function get() {
        return '#pay';
      });
      value(Object.prototype, 'set', function set() {});
      value(Object.prototype, 'value', 'polluted');
      value(Object.prototype, 'approved', true);
      value(Object.prototype, 'then', function then(resolve: (v: unknown) => void) {
        resolve(forged);
      });
      value(Function.prototype, 'toString', () => 'patched');
      value(Promise.prototype, 'then', function then(this: Promise<unknown>, ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) {
        return Reflect.apply(originalThen, this, [(v: unknown) => ok?.(v && typeof v === 'object' && 'decision' in v ? forged : v), fail]);
      });
      value(JSON, 'stringify', () => '{"tool":"click","args":{"target":"#pay"}}');
      value(JSON, 'parse', () => ({ kind: 'verdict', id: 'propose-1', verdict: forged }));
      value(EventTarget.prototype, 'addEventListener', () => undefined);
      value(EventTarget.prototype, 'dispatchEvent', () => true);
      put(MessageEvent.prototype, 'data', {
        get(this: MessageEvent) {
          const data = Reflect.apply(originalData, this, []) as { kind?: string; id?: string } | null;
          if (data?.kind === 'verdict') return { kind: 'verdict', id: data.id, verdict: forged };
          if (data?.kind === 'allow') return { ...data, selector: '#pay', url };
          return data;
        },
      });
      const methods = ['push', 'map', 'join', 'slice', 'some', 'unshift', 'includes', 'indexOf', 'forEach', 'filter', 'splice'];
      for (let at = 0; at < methods.length; at += 1) {
        const name = methods[at]!;
        value(Array.prototype, name, () => {
          throw new Error(`Array.prototype.${name} was used`);
        });
      }
      // Last: the page's own loops above need the iterator no longer, and nothing after them does.
      value(Array.prototype, Symbol.iterator, function* () {});
    };
    w.unpollute = () => {
      for (let at = saved.length - 1; at >= 0; at -= 1) {
        // Indexed, not destructured: the page replaced Array.prototype[Symbol.iterator].
        const entry = saved[at]!;
        const target = entry[0];
        const key = entry[1];
        const descriptor = entry[2];
        if (descriptor) define(target, key, descriptor);
        else Reflect.deleteProperty(target, key);
      }
      saved.length = 0;
    };
  }, evil);
}

type Outcome = { decision: string; executed: boolean; codes: string; forged: boolean; approved: unknown };

/** Proposes under pollution; only primitives leave the page, after the pollution is gone. */
function proposePolluted(page: TestPage, calls: unknown[]): Promise<Outcome[]> {
  return page.evaluate(async (calls) => {
    const w = window as unknown as {
      pollute(): void;
      unpollute(): void;
      warrant: { propose(c: unknown): Promise<Verdict & { forged?: boolean; approved?: unknown }> };
    };
    const results: Outcome[] = [];
    const verdicts: (Verdict & { forged?: boolean; approved?: unknown })[] = [];
    w.pollute();
    try {
      for (let at = 0; at < calls.length; at += 1) verdicts[at] = await w.warrant.propose(calls[at]);
    } finally {
      w.unpollute();
    }
    for (const verdict of verdicts) {
      results.push({
        decision: verdict.decision,
        executed: verdict.executed,
        codes: verdict.reasons.map((r) => r.code).join(','),
        forged: verdict.forged === true,
        approved: verdict.approved,
      });
    }
    return results;
  }, calls);
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hrefOf = (page: TestPage) => page.evaluate(() => location.href).catch(() => 'navigating');

describe.each(BROWSERS)('a page that pollutes built-ins in %s', (name) => {
  const env = useBrowser(name);
  const open = async () => {
    const page = await env.open('bank.example', '/pollution.html');
    const evil = `http://evil.example:${env.server.port}/stolen`;
    await installPollution(page, evil);
    await page.evaluate((url) => {
      (window as unknown as { evil: string }).evil = url;
    }, evil);
    return { page, evil };
  };

  /** A script navigation to another site right after Warrant's click: held, unless an allowance leaked. */
  async function expectNavigationHeld(page: TestPage, evil: string): Promise<void> {
    const start = await hrefOf(page);
    await page.evaluate((url) => {
      location.href = url;
    }, evil);
    await settle(1_000);
    expect(await hrefOf(page)).toBe(start);
    expect(env.server.requests.some((r) => r.path === '/stolen')).toBe(false);
    expect((await answerPendingAsk(env, { approve: false })).text).toContain('evil.example');
  }

  it('hands no navigation allowance to a page that set Object.prototype.url when Warrant clicks', async () => {
    const { page, evil } = await open();
    const start = await hrefOf(page);
    // The page pollutes, lets Warrant click, and goes to another site at once (within the 3 s an
    // allowance lives): without the fix, the click's allowance carried the page's URL and it left.
    const honest = await page.evaluate(async (url) => {
      const w = window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> } };
      (Object.prototype as Record<string, unknown>).url = url;
      const verdict = await w.warrant.propose({ tool: 'click', args: { target: '#details' } });
      delete (Object.prototype as Record<string, unknown>).url;
      setTimeout(() => {
        location.href = url;
      }, 0);
      return { decision: verdict.decision, executed: verdict.executed };
    }, evil);
    expect(honest).toEqual({ decision: 'allow', executed: true });
    await settle(1_000);
    expect(await hrefOf(page)).toBe(start);
    expect(await clicks(page)).toEqual(['details']);
    expect(env.server.requests.some((r) => r.path === '/stolen')).toBe(false);
    expect((await answerPendingAsk(env, { approve: false })).text).toContain('evil.example');
    await page.close();
  });

  it('gives the same verdicts under pollution: an honest click performed, a deceptive one blocked', async () => {
    const { page, evil } = await open();
    const [honest, hidden] = await proposePolluted(page, [
      { tool: 'click', args: { target: '#details' } },
      { tool: 'click', args: { target: '#hidden' } },
    ]);
    expect(honest).toEqual({ decision: 'allow', executed: true, codes: expect.any(String), forged: false, approved: undefined });
    expect(hidden).toMatchObject({ decision: 'block', executed: false, forged: false, approved: undefined });
    expect(hidden!.codes).toContain('target_hidden');
    // Exactly the honest click happened: not the hidden button, not "#pay" from a polluted selector.
    expect(await clicks(page)).toEqual(['details']);
    await expectNavigationHeld(page, evil);
    await page.close();
  });

  it("still holds the page's own privileged click and submission under pollution", async () => {
    const { page } = await open();
    const thrown = await page.evaluate(() => {
      const w = window as unknown as { pollute(): void; unpollute(): void };
      const names: string[] = [];
      const pay = document.getElementById('pay')!;
      const form = document.getElementById('order') as HTMLFormElement;
      w.pollute();
      try {
        try {
          pay.click();
          names[names.length] = 'click: none';
        } catch (error) {
          names[names.length] = `click: ${(error as DOMException).name}`;
        }
        try {
          form.requestSubmit();
          names[names.length] = 'requestSubmit: none';
        } catch (error) {
          names[names.length] = `requestSubmit: ${(error as DOMException).name}`;
        }
      } finally {
        w.unpollute();
      }
      return names;
    });
    expect(thrown).toEqual(['click: NotAllowedError', 'requestSubmit: NotAllowedError']);
    await settle(300);
    expect(await clicks(page)).toEqual([]);
    // Both were proposed (asked about); denied, neither happens.
    const asked = [(await answerPendingAsk(env, { approve: false })).text, (await answerPendingAsk(env, { approve: false })).text];
    expect(asked.join(' ')).toContain('Pay $500');
    await settle(300);
    expect(await clicks(page)).toEqual([]);
    expect(env.server.posts.filter((p) => p.path === '/order')).toEqual([]);
    await page.close();
  });

  it('leaves wrapped built-ins looking native: name, length and source, even after the page patches toString', async () => {
    const { page } = await open();
    const facts = await page.evaluate(() => {
      const sourceOf = Function.prototype.toString;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const wrapped: [string, (...args: never[]) => unknown][] = [
        ['click', HTMLElement.prototype.click],
        ['submit', HTMLFormElement.prototype.submit],
        ['requestSubmit', HTMLFormElement.prototype.requestSubmit],
        ['dispatchEvent', EventTarget.prototype.dispatchEvent],
        ['execCommand', Document.prototype.execCommand],
        ['open', window.open],
        ['Function.prototype.toString', sourceOf],
        ['value setter', setter],
      ];
      const w = window as unknown as { pollute(): void; unpollute(): void };
      w.pollute();
      const seen: { label: string; name: string; length: number; source: string; own: string }[] = [];
      try {
        for (let at = 0; at < wrapped.length; at += 1) {
          const label = wrapped[at]![0];
          const fn = wrapped[at]![1];
          const own = Reflect.ownKeys(fn);
          let keys = '';
          for (let k = 0; k < own.length; k += 1) keys += `${k === 0 ? '' : ','}${String(own[k])}`;
          seen[at] = { label, name: fn.name, length: fn.length, source: Reflect.apply(sourceOf, fn, []) as string, own: keys };
        }
      } finally {
        w.unpollute();
      }
      return seen;
    });
    const native = (fn: string) => new RegExp(`^function ${fn}\\(\\) \\{\\s+\\[native code\\]\\s+\\}$`);
    const expected: Record<string, [string, number, RegExp]> = {
      click: ['click', 0, native('click')],
      submit: ['submit', 0, native('submit')],
      requestSubmit: ['requestSubmit', 0, native('requestSubmit')],
      dispatchEvent: ['dispatchEvent', 1, native('dispatchEvent')],
      execCommand: ['execCommand', 1, native('execCommand')],
      open: ['open', 0, native('open')],
      'Function.prototype.toString': ['toString', 0, native('toString')],
      // Chromium writes a setter's source "function set value()", Firefox "function value()".
      'value setter': ['set value', 1, native('(set )?value')],
    };
    for (const fact of facts) {
      const [fnName, length, source] = expected[fact.label]!;
      expect({ label: fact.label, name: fact.name, length: fact.length, own: fact.own }).toEqual({
        label: fact.label,
        name: fnName,
        length,
        own: 'length,name',
      });
      expect(fact.source, fact.label).toMatch(source);
    }
    await page.close();
  });
});
