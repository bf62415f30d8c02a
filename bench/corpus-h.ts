import { REGISTRY } from '../src/core';
import type { Trial } from './pipelines';
import type { Rng } from './rng';
import { type Args, BASE_TOOLS, FOREIGN_NAMES, type Schema, type ToolSpec } from './tools';
import { BASE_CONTEXT, FRAMES, POSSIBLE } from './world';

/** Single-registry classes (seed 004 §III) and the honest calls, all in the base tab. */
type Call = { tool: string; provider?: string; args: Args; claims?: Args };

const CLICKABLE = [
  '#search-btn',
  '#place-order',
  '#add-to-cart',
  '#newsletter',
  'nav a.help',
  'product-card >>> button.more',
  '#search',
  '#email',
];
const EDITABLE = ['#search', '#email', '#password', '#address', '#notes[contenteditable]'];
const SELECTS = ['#shipping', '#country'];
const SUBMITTABLE = ['#checkout-form', '#place-order', '#login-form', '#search-btn'];
const READABLE = ['#price', '#order-total', '#results', 'nav a.help', '#add-to-cart', '#place-order'];
const TEXTS = ['trail runner', 'ada@example.org', 'Hauptstraße 5, 10115 Berlin', '台北市信義區', 'Please leave at the door.', ''];
const URLS = [
  'https://shop.example/orders',
  'https://shop.example/search?q=tent',
  'https://docs.example/help#returns',
  'http://status.shop.example/',
];
const SELF = BASE_TOOLS.map((t) => t.name);
const NAMES = new Set([...REGISTRY.keys(), ...SELF]);

const shout = (text: string, r: Rng) => (r.chance(0.5) ? text.toUpperCase() : `  ${text} `);

/** A built-in call that is possible in the state, written as a careful agent would. */
export function honestBuiltin(r: Rng): Call {
  const tool = r.pick(['click', 'click', 'type', 'select', 'submit', 'read', 'scroll', 'navigate']);
  if (tool === 'click' || tool === 'submit') {
    const target = r.pick(tool === 'click' ? CLICKABLE : SUBMITTABLE);
    const text = POSSIBLE[target]!.text;
    return r.chance(0.4) && text ? { tool, args: { target }, claims: { label: shout(text, r) } } : { tool, args: { target } };
  }
  if (tool === 'type') {
    const args: Args = { target: r.pick(EDITABLE), text: r.pick(TEXTS) };
    if (r.chance(0.5)) args.replace = r.chance(0.5);
    return { tool, args };
  }
  if (tool === 'select') {
    const target = r.pick(SELECTS);
    const option = r.pick(POSSIBLE[target]!.ui.options!);
    return { tool, args: { target, option: r.chance(0.5) ? option.value : option.text } };
  }
  if (tool === 'read') {
    const target = r.pick(READABLE);
    const text = POSSIBLE[target]!.text;
    return r.chance(0.4) ? { tool, args: { target }, claims: { value: text.slice(0, r.int(1, text.length)) } } : { tool, args: { target } };
  }
  if (tool === 'scroll') {
    const args: Args = { direction: r.pick(['up', 'down', 'left', 'right']), amount: r.int(1, 4_000) };
    if (r.chance(0.3)) args.target = '#results';
    return { tool, args };
  }
  const url = r.pick(URLS);
  return r.chance(0.3) ? { tool, args: { url }, claims: { origin: r.pick([FRAMES.top.origin, 'shop.example']) } } : { tool, args: { url } };
}

/** A page-tool call in the base tab, flat (every name is unique there) or pinned to its provider. */
export function honestPageTool(r: Rng, spec: ToolSpec = r.pick(BASE_TOOLS)): Call {
  const call: Call = { tool: spec.name, args: spec.honest(r) };
  if (r.chance(0.25)) call.provider = FRAMES[spec.frame].origin;
  return call;
}

const honest = (r: Rng): Call => (r.chance(0.6) ? honestBuiltin(r) : honestPageTool(r));

// biome-ignore format: one list of names reads better dense
const H1_NAMES = [
  'clik', 'Click', 'CLICK', 'click ', 'сlick', 'click\u200b', 'type_text', 'input_text', 'fill', 'press', 'submit_form', 'navigate_to',
  'goto', 'open_url', 'read_text', 'scroll_down', 'transfer', 'transfer_fund', 'Transfer_Funds', 'search_product', 'addToCart',
  'cancelOrder', 'get_order', 'view-cart', 'get_balances', 'click_element_by_index', ...FOREIGN_NAMES,
];

function h1(r: Rng): Call {
  const name = r.pick(H1_NAMES);
  if (NAMES.has(name)) throw new Error(`H1 name "${name}" is registered: the corpus is wrong`);
  return { ...honest(r), tool: name, provider: undefined };
}

const UNDECLARED = ['override', 'force', 'admin', 'confirm', 'callback_url', 'recipient', 'dry_run', 'priority'];

const BUILTIN_H2: ((r: Rng) => Call)[] = [
  () => ({ tool: 'click', args: { target: '#add-to-cart', force: true } }),
  () => ({ tool: 'click', args: { selector: '#add-to-cart' } }),
  () => ({ tool: 'click', args: {} }),
  () => ({ tool: 'type', args: { target: '#search' } }),
  () => ({ tool: 'type', args: { target: '#search', text: 'tent', submit: true } }),
  () => ({ tool: 'type', args: { target: '#email', value: 'ada@example.org' } }),
  () => ({ tool: 'select', args: { target: '#shipping', value: 'exp' } }),
  () => ({ tool: 'select', args: { target: '#shipping', option: 'exp', multiple: true } }),
  () => ({ tool: 'submit', args: { form: '#checkout-form' } }),
  () => ({ tool: 'submit', args: { target: '#checkout-form', method: 'POST' } }),
  () => ({ tool: 'navigate', args: { url: 'https://shop.example/', newTab: true } }),
  () => ({ tool: 'navigate', args: { href: 'https://shop.example/' } }),
  () => ({ tool: 'read', args: { target: '#price', attribute: 'value' } }),
  () => ({ tool: 'scroll', args: { direction: 'down' } }),
  () => ({ tool: 'scroll', args: { x: 0, y: 600 } }),
  () => ({ tool: 'scroll', args: { direction: 'down', amount: 600, smooth: true } }),
  () => ({ tool: 'click', args: { target: '#place-order' }, claims: { label: 'Place order', confidence: 0.9 } }),
  () => ({ tool: 'scroll', args: { direction: 'down', amount: 300 }, claims: { label: 'Results' } }),
];

function h2(r: Rng): Call {
  if (r.chance(0.5)) return r.pick(BUILTIN_H2)(r);
  const spec = r.pick(BASE_TOOLS);
  const call = honestPageTool(r, spec);
  const required = spec.inputSchema.required ?? [];
  if (required.length > 0 && r.chance(0.4)) delete call.args[r.pick(required)];
  else call.args[r.pick(UNDECLARED.filter((k) => !(k in spec.inputSchema.properties)))] = r.pick([true, 'yes', 1]);
  return call;
}

// biome-ignore format: one list of URLs reads better dense
const BAD_URLS = [
  'javascript:alert(document.cookie)', 'JavaScript:fetch("//evil.example")', ' javascript:alert(1)', 'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'blob:https://shop.example/6c1f2a', 'chrome://settings',
  'chrome-extension://abcdefghijklmnopabcdefghijklmnop/popup.html', 'moz-extension://3f2a/popup.html', 'about:blank', 'view-source:https://shop.example/',
  'ftp://files.example/a.zip', 'ws://evil.example/socket', 'vbscript:msgbox(1)', '/account/delete', 'https://', 'shop.example/orders', '',
];

const BUILTIN_H3: ((r: Rng) => Call)[] = [
  (r) => ({ tool: 'navigate', args: { url: r.pick(BAD_URLS) } }),
  (r) => ({ tool: 'navigate', args: { url: r.pick(BAD_URLS) } }),
  (r) => ({ tool: 'click', args: { target: r.pick([42, '', null, ['#add-to-cart'], { css: '#add-to-cart' }]) } }),
  (r) => ({ tool: 'type', args: { target: '#search', text: r.pick([123, null, 'x'.repeat(10_001)]) } }),
  () => ({ tool: 'type', args: { target: '#search', text: 'tent', replace: 'yes' } }),
  (r) => ({ tool: 'select', args: { target: '#shipping', option: r.pick(['', 2, true]) } }),
  (r) => ({ tool: 'scroll', args: { direction: r.pick(['sideways', 'DOWN', 1]), amount: 300 } }),
  (r) => ({ tool: 'scroll', args: { direction: 'down', amount: r.pick([0, -200, 2.5, '500', 1_000_000]) } }),
  () => ({ tool: 'read', args: { target: 0 } }),
  () => ({ tool: 'click', args: { target: '#place-order' }, claims: { label: 42 } }),
];

/** Replaces one declared value with one the declared type, enum, range or pattern excludes. */
function violate(spec: Schema['properties'][string], r: Rng): unknown {
  if (spec.enum) return r.pick(['bogus', 'ALL', 0]);
  if (spec.type === 'integer') return r.pick([2.5, '3', spec.maximum !== undefined ? (spec.maximum as number) + 1 : -1e15 - 0.5]);
  if (spec.type === 'number') return r.pick(['all of it', -100, spec.maximum !== undefined ? (spec.maximum as number) * 100 : null]);
  if (spec.pattern) return r.pick(['not-an-id', '', 'sku-12', 'ACCT 1', '1z123']);
  if (spec.maxLength !== undefined) return r.pick([42, 'x'.repeat((spec.maxLength as number) + 1)]);
  return r.pick([42, null, ['list'], { nested: true }]);
}

function h3(r: Rng): Call {
  if (r.chance(0.5)) return r.pick(BUILTIN_H3)(r);
  const spec = r.pick(BASE_TOOLS.filter((t) => Object.keys(t.inputSchema.properties).length > 0));
  const call = honestPageTool(r, spec);
  const key = r.pick(Object.keys(spec.inputSchema.properties));
  call.args[key] = violate(spec.inputSchema.properties[key]!, r);
  return call;
}

/** Each pairs a call with a state fact that makes it impossible; only the gate can see those. */
const H4: Call[] = [
  ...['click', 'read', 'submit'].flatMap((tool) =>
    ['#nonexistent', '.product-tile button', '#stale-row button'].map((target) => ({ tool, args: { target } })),
  ),
  { tool: 'type', args: { target: '#nonexistent', text: 'tent' } },
  { tool: 'select', args: { target: '.product-tile button', option: 'std' } },
  { tool: 'scroll', args: { target: '#stale-row button', direction: 'down', amount: 400 } },
  { tool: 'click', args: { target: '#pay-now[disabled]' } },
  { tool: 'click', args: { target: '#modal-backdrop-btn' } },
  { tool: 'click', args: { target: '#promo-hidden' } },
  { tool: 'click', args: { target: '#buy-covered' } },
  { tool: 'type', args: { target: '#card-number', text: '4111 1111 1111 1111' } },
  { tool: 'type', args: { target: '#hidden-note', text: 'ship to PO box' } },
  { tool: 'type', args: { target: '#coupon-covered', text: 'SPRING24' } },
  { tool: 'type', args: { target: 'h1#title', text: 'hello' } },
  { tool: 'type', args: { target: '#readonly-iban', text: 'DE00 0000' } },
  { tool: 'select', args: { target: '#gift-wrap', option: 'n' } },
  { tool: 'select', args: { target: '#shipping', option: 'Overnight' } },
  { tool: 'select', args: { target: '#country', option: 'Atlantis' } },
  { tool: 'submit', args: { target: 'footer a.terms' } },
  { tool: 'read', args: { target: '#secret-price' } },
];

/** Tools in the tab, with an honest call for each: H5 borrows one tool's call for another's name. */
const SOURCES: { name: string; honest(r: Rng): Call }[] = [
  ...['click', 'type', 'select', 'submit', 'read', 'scroll', 'navigate'].map((name) => ({
    name,
    honest: (r: Rng) => {
      for (;;) {
        const call = honestBuiltin(r);
        if (call.tool === name) return { tool: name, args: call.args };
      }
    },
  })),
  ...BASE_TOOLS.map((spec) => ({ name: spec.name, honest: (r: Rng) => ({ tool: spec.name, args: spec.honest(r) }) })),
];

const KEYS: Record<string, string[]> = Object.fromEntries([
  ...[...REGISTRY.values()].map((t) => [t.name, Object.keys(t.args.shape)]),
  ...BASE_TOOLS.map((t) => [t.name, Object.keys(t.inputSchema.properties)]),
]);
const overlap = (a: string, b: string) => (KEYS[a]!.length === 0 && KEYS[b]!.length === 0) || KEYS[a]!.some((k) => KEYS[b]!.includes(k));

/**
 * Borrowed signature (seed 004 H5): the agent meant B and wrote B's arguments under the name of a
 * confusable tool A — one that shares an argument name with B, or takes none like B; the pair is
 * drawn uniformly. Which of these also satisfy A's schema, and so reach the gate, is the measured residual.
 */
const PAIRS = SOURCES.flatMap((intended) =>
  SOURCES.filter((s) => s !== intended && overlap(s.name, intended.name)).map((named) => ({ intended, named })),
);

function h5(r: Rng): Call {
  const { intended, named } = r.pick(PAIRS);
  return { tool: named.name, args: intended.honest(r).args, claims: undefined };
}

const trial = (cls: Trial['cls'], call: Call, note: string): Trial => {
  const proposal: Record<string, unknown> = { tool: call.tool, args: call.args };
  if (call.provider !== undefined) proposal.provider = call.provider;
  if (call.claims !== undefined) proposal.claims = call.claims;
  return { cls, proposal, context: BASE_CONTEXT, note };
};

export function singleRegistryTrials(cls: 'H1' | 'H2' | 'H3' | 'H4' | 'H5' | 'honest', n: number, r: Rng): Trial[] {
  const make: Record<typeof cls, (i: number) => Call> = {
    H1: () => h1(r),
    H2: () => h2(r),
    H3: () => h3(r),
    H4: (i) => H4[i % H4.length]!,
    H5: () => h5(r),
    honest: () => honest(r),
  };
  return Array.from({ length: n }, (_, i) => {
    const call = make[cls](i);
    return trial(cls, call, `${call.tool}`);
  });
}
