import {
  type Certificate,
  type HitTestValue,
  listingKey,
  type PageToolDefinition,
  pageToolDigest,
  type ResolverContext,
  type UiElementValue,
  uiElementValue,
} from '../src/core';
import { BASE_TOOLS, type FrameName, type ToolSpec } from './tools';

/**
 * The simulated tab: frames by origin (the tier is where a frame sits relative to the top frame,
 * as the browser reports it), the elements of the top frame, and the page tools the frames register.
 */
export type Frame = { key: string; origin: string; url: string; tier: PageToolDefinition['tier'] };

export const FRAMES: Record<FrameName, Frame> = {
  top: { key: 'f0', origin: 'https://shop.example', url: 'https://shop.example/checkout', tier: 'top' },
  pay: { key: 'f1', origin: 'https://pay.shop.example', url: 'https://pay.shop.example/wallet', tier: 'same-site' },
  account: { key: 'f2', origin: 'https://account.shop.example', url: 'https://account.shop.example/', tier: 'same-site' },
  reviews: { key: 'f3', origin: 'https://widgets.reviewhub.example', url: 'https://widgets.reviewhub.example/embed', tier: 'cross-site' },
  chat: { key: 'f4', origin: 'https://chat.helpdesk.example', url: 'https://chat.helpdesk.example/w', tier: 'cross-site' },
  ads: { key: 'f5', origin: 'https://ads.adnet.example', url: 'https://ads.adnet.example/slot/3', tier: 'cross-site' },
};
/** Built-in calls are proposed from the top frame, whose elements the state describes. */
export const PROPOSING_FRAME = FRAMES.top;
/** The gate's clock is an input: a fixed instant keeps every verdict reproducible. */
export const NOW = 1_750_000_000_000;

/** What the content script would observe of one selector. `count` ≠ 1 means no element facts. */
export type ElementFacts = { ui: UiElementValue; text: string; hit: HitTestValue };

function el(tag: string, text: string, facts: Partial<UiElementValue> = {}, hit: Partial<HitTestValue> = {}): ElementFacts {
  const ui: UiElementValue = uiElementValue({ count: 1, connected: true, tag, visible: true, digest: `d-${tag}-${text.length}`, ...facts });
  return { ui, text, hit: { points: 5, onTarget: 5, coveredBy: null, ...hit } };
}

const field = (inputType: string, facts: Partial<UiElementValue> = {}, hit: Partial<HitTestValue> = {}) =>
  el('input', '', { inputType, editable: true, inForm: true, ...facts }, hit);
const option = (value: string, text: string) => ({ value, text, disabled: false, hidden: false });
const SHIPPING = [option('std', 'Standard (5-7 days)'), option('exp', 'Express (2-3 days)')];
const COUNTRY = [option('DE', 'Germany'), option('TW', 'Taiwan'), option('US', 'United States')];

/** Elements where every built-in action that fits them is possible. */
export const POSSIBLE: Record<string, ElementFacts> = {
  '#search': field('search', { inForm: true }),
  '#search-btn': el('button', 'Search', { isSubmit: true, inForm: true }),
  '#email': field('email'),
  '#password': field('password', { isPassword: true, formHasPassword: true }),
  '#login-form': el('form', 'Sign in', { inForm: true, formHasPassword: true }),
  '#address': el('textarea', '', { editable: true, inForm: true }),
  '#notes[contenteditable]': el('div', '', { editable: true }),
  '#shipping': el('select', 'Standard (5-7 days)', { options: SHIPPING, inForm: true }),
  '#country': el('select', 'Germany', { options: COUNTRY, inForm: true }),
  '#checkout-form': el('form', 'Checkout', { inForm: true }),
  '#place-order': el('button', 'Place order', { isSubmit: true, inForm: true }),
  '#add-to-cart': el('button', 'Add to cart'),
  '#newsletter': el('input', '', { inputType: 'checkbox', inForm: true }),
  'nav a.help': el('a', 'Help'),
  'product-card >>> button.more': el('button', 'More details'),
  '#price': el('span', '€42.00'),
  '#order-total': el('span', 'Total: €57.90'),
  '#results': el('div', 'Results'),
};

/** Elements in states where some actions are impossible; the H4 corpus names which. */
export const IMPOSSIBLE: Record<string, ElementFacts> = {
  '#nonexistent': { ...el('', ''), ui: { ...el('', '').ui, count: 0, connected: false, visible: false } },
  '.product-tile button': { ...el('', ''), ui: { ...el('', '').ui, count: 12, connected: false, visible: false } },
  '#stale-row button': el('button', 'Remove', { connected: false }),
  '#pay-now[disabled]': el('button', 'Pay now', { disabled: true, isSubmit: true, inForm: true }),
  '#card-number': field('text', { disabled: true }),
  '#gift-wrap': el('select', 'No', { disabled: true, options: [option('n', 'No')], inForm: true }),
  '#modal-backdrop-btn': el('button', 'Continue', { inert: true }),
  '#promo-hidden': el('button', 'Claim reward', { visible: false, hiddenBy: 'display:none' }),
  '#hidden-note': field('text', { visible: false, hiddenBy: 'visibility:hidden' }),
  '#secret-price': el('span', '€0.01', { visible: false, hiddenBy: 'opacity:0' }),
  '#buy-covered': el('button', 'Buy now', {}, { onTarget: 0, coveredBy: 'div#cookie-banner' }),
  '#coupon-covered': field('text', {}, { onTarget: 2, coveredBy: 'div.chat-bubble' }),
  'h1#title': el('h1', 'Checkout'),
  '#readonly-iban': field('text', { editable: false }),
  'footer a.terms': el('a', 'Terms'),
};

export const STATE: Record<string, ElementFacts> = { ...POSSIBLE, ...IMPOSSIBLE };

let serial = 0;
function cert(
  type: Certificate['type'],
  value: unknown,
  frame: Frame,
  selector: string | undefined,
  source: Certificate['source'],
): Certificate {
  serial = (serial + 1) % 1_000_000;
  return {
    id: `bench-${serial}`,
    type,
    value,
    region: selector === undefined ? { frame: frame.key } : { frame: frame.key, selector },
    source,
    verifier: source === 'browser' ? 'browser-sender@1' : 'dom@1',
    confidence: 1,
    time: NOW,
    trust: source === 'browser' ? 'browser' : 'extension',
  };
}

const ORIGINS = Object.values(FRAMES).map((frame) => cert('origin', { origin: frame.origin, url: frame.url }, frame, undefined, 'browser'));

/**
 * The certificates the extension would hold for a call: every frame's browser-stamped origin, and,
 * as the content script does for a target, element facts — text and hit test only for one match.
 */
export function certify(selector: string | null): Certificate[] {
  if (selector === null) return ORIGINS;
  const facts = STATE[selector];
  const frame = PROPOSING_FRAME;
  if (!facts)
    return [...ORIGINS, cert('ui_element', { ...el('', '').ui, count: 0, connected: false, visible: false }, frame, selector, 'dom')];
  const out = [...ORIGINS, cert('ui_element', facts.ui, frame, selector, 'dom')];
  if (facts.ui.count === 1) {
    const role = facts.ui.tag === 'select' ? 'combobox' : facts.ui.editable ? 'textbox' : facts.ui.tag === 'a' ? 'link' : 'button';
    const ax = { role, name: facts.text, hidden: false, visibleLabel: facts.text };
    out.push(
      cert('visible_text', { text: facts.text }, frame, selector, 'dom'),
      cert('hit_test', facts.hit, frame, selector, 'dom'),
      cert('ax_name', ax, frame, selector, 'dom'),
    );
  }
  return out;
}

export function define(spec: Omit<ToolSpec, 'honest'>, frame: Frame = FRAMES[spec.frame]): PageToolDefinition {
  const material = { name: spec.name, description: spec.description, inputSchema: spec.inputSchema, annotations: spec.annotations };
  return { provider: frame.origin, tier: frame.tier, ...material, digest: pageToolDigest(material), handle: frame.key };
}

/** What an agent that called tools() just now would have listed: every current digest. */
export function contextOf(
  pageTools: readonly PageToolDefinition[],
  listedFrom: readonly PageToolDefinition[] = pageTools,
): ResolverContext {
  return { pageTools, listed: new Map(listedFrom.map((t) => [listingKey(t.provider, t.name), t.digest])) };
}

export const BASE_DEFINITIONS = BASE_TOOLS.map((spec) => define(spec));
export const BASE_CONTEXT = contextOf(BASE_DEFINITIONS);
export const frameOfHandle = (handle: string): Frame => Object.values(FRAMES).find((f) => f.key === handle) ?? PROPOSING_FRAME;
