import type { ResolverContext } from '../src/core';
import type { Rng } from './rng';
import type { Args, Schema } from './tools';
import { BASE_CONTEXT, contextOf, define, FRAMES } from './world';

/**
 * Honest calls Warrant's own generator did not write: the action shapes page-agent 1.12.4 emits
 * (@page-agent/core dist, src/tools/index.ts region), and the example tools shipped in the @mcp-b
 * 5.1.0 READMEs. Copied by hand so the bench never fetches anything.
 */
export type Mapped =
  | { kind: 'call'; proposal: Record<string, unknown>; context: ResolverContext; source: string }
  | { kind: 'internal' | 'inexpressible'; source: string; why: string };

/** page-agent's serialised DOM of the simulated top frame: `[n]` labels to the selector Warrant takes. */
// biome-ignore format: the list mirrors page-agent's numbered element list
const INDEX = [
  '#search', '#search-btn', 'nav a.help', 'product-card >>> button.more', '#add-to-cart', '#email', '#password', '#address',
  '#notes[contenteditable]', '#shipping', '#country', '#newsletter', '#place-order', '#results',
];
const EDITABLE = [0, 5, 6, 7, 8];
const SELECTS: Record<number, string[]> = { 9: ['Standard (5-7 days)', 'Express (2-3 days)'], 10: ['Germany', 'Taiwan', 'United States'] };
/** page-agent turns num_pages into pixels with the window height; this viewport is the simulated one. */
export const VIEWPORT = { width: 1280, height: 900 };

const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
const withTarget = (args: Args, index: unknown) => (typeof index === 'number' ? { ...args, target: INDEX[index] } : args);

/** One `action` object of page-agent's AgentOutput, `{ name: params }`, to the Warrant call it means. */
export function mapPageAgent(action: Record<string, unknown>): Mapped {
  const [name, raw] = Object.entries(action)[0]!;
  const source = `page-agent ${name} ${JSON.stringify(raw)}`;
  // page-agent coerces the primitive shorthand of single-field tools: {"click_element_by_index": 2}.
  const p = (typeof raw === 'object' && raw !== null ? raw : { index: raw }) as Record<string, unknown>;
  const call = (tool: string, args: Args): Mapped => ({ kind: 'call', proposal: { tool, args }, context: BASE_CONTEXT, source });
  switch (name) {
    case 'click_element_by_index':
      return call('click', { target: INDEX[p.index as number] });
    case 'input_text':
      // page-agent replaces the field's content (inputTextElement clears, then inserts).
      return call('type', { target: INDEX[p.index as number], text: p.text, replace: true });
    case 'select_dropdown_option':
      return call('select', { target: INDEX[p.index as number], option: p.text });
    case 'scroll': {
      const down = p.down !== false;
      const amount = typeof p.pixels === 'number' ? p.pixels : Math.round(num(p.num_pages, 0.1) * VIEWPORT.height);
      return call('scroll', withTarget({ direction: down ? 'down' : 'up', amount }, p.index));
    }
    case 'scroll_horizontally':
      return call('scroll', withTarget({ direction: p.right === false ? 'left' : 'right', amount: num(p.pixels, 0) }, p.index));
    case 'execute_javascript':
      return { kind: 'inexpressible', source, why: 'Warrant has no tool that runs page script, by design.' };
    default:
      return { kind: 'internal', source, why: 'Agent loop control (done, wait, ask_user): no page action.' };
  }
}

/** A hand-written episode: search, add to cart, check out; every action shape page-agent has. */
export const PAGE_AGENT_EPISODE: Record<string, unknown>[] = [
  { input_text: { index: 0, text: 'trail running shoes' } },
  { click_element_by_index: { index: 1 } },
  { wait: { seconds: 2 } },
  { scroll: { down: true, num_pages: 1 } },
  { scroll: { down: true, num_pages: 0.5, index: 13 } },
  { click_element_by_index: 3 },
  { click_element_by_index: { index: 4 } },
  { scroll: { down: false, num_pages: 2 } },
  { scroll: {} },
  { scroll: { down: true, num_pages: 0.1, pixels: 350 } },
  { input_text: { index: 5, text: 'ada@example.org' } },
  { input_text: { index: 6, text: 'correct horse battery staple' } },
  { input_text: { index: 7, text: 'Hauptstraße 5\n10115 Berlin' } },
  { input_text: { index: 8, text: '請放在門口' } },
  { select_dropdown_option: { index: 9, text: 'Express (2-3 days)' } },
  { select_dropdown_option: { index: 10, text: 'Taiwan' } },
  { click_element_by_index: { index: 11 } },
  { input_text: { index: 5, text: '' } },
  { scroll_horizontally: { right: true, pixels: 400, index: 13 } },
  { scroll_horizontally: { right: false, pixels: 200 } },
  { click_element_by_index: { index: 2 } },
  { ask_user: { question: 'Which size do you want?' } },
  { click_element_by_index: { index: 12 } },
  { scroll: { down: true, num_pages: 0 } },
  { scroll_horizontally: { right: true, pixels: 0 } },
  { execute_javascript: { script: 'document.querySelector("#coupon").value = "X"' } },
  { done: { text: 'Order placed.', success: true } },
];

const TEXTS = ['running shoes', 'ada@example.org', 'Hauptstraße 5', 'hunter2', '', '台北市', 'Call before delivery, please!'];

/** More of the same shapes for a rate with an interval, drawn within page-agent's own schema ranges. */
export function pageAgentSample(r: Rng, n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, () => {
    const kind = r.pick(['click', 'click', 'click', 'input', 'input', 'select', 'scroll', 'scroll', 'scroll_h']);
    if (kind === 'click') return { click_element_by_index: r.chance(0.2) ? r.int(0, 13) : { index: r.int(0, 13) } };
    if (kind === 'input') return { input_text: { index: r.pick(EDITABLE), text: r.pick(TEXTS) } };
    if (kind === 'select') {
      const index = r.pick([9, 10]);
      return { select_dropdown_option: { index, text: r.pick(SELECTS[index]!) } };
    }
    if (kind === 'scroll_h')
      return { scroll_horizontally: { right: r.chance(0.5), pixels: r.int(0, 2_000), index: r.chance(0.5) ? 13 : undefined } };
    const p: Args = { down: r.chance(0.7), num_pages: r.pick([0.1, 0.5, 1, 2, 3, r.int(0, 1_000) / 100]) };
    if (r.chance(0.2)) p.pixels = r.int(0, 3_000);
    if (r.chance(0.3)) p.index = r.pick([13, r.int(0, 13)]);
    return { scroll: p };
  });
}

type WebMcpExample = { name: string; description: string; inputSchema: Schema; annotations?: Record<string, unknown>; from: string };
const s = (properties: Schema['properties'], required: string[] = [], extra: Record<string, unknown> = {}) =>
  ({ type: 'object', properties, required, ...extra }) as Schema;

/** Copied from the READMEs of @mcp-b/global, webmcp-ts-sdk, webmcp-types, transports, react-webmcp 5.1.0. */
// biome-ignore format: one shipped tool per line
const EXAMPLES: WebMcpExample[] = [
  { name: 'get-page-title', description: 'Get the current page title', inputSchema: s({}), from: 'global' },
  { name: 'search-products', description: 'Search products by keyword, category, or price range', from: 'global', inputSchema: s({ query: { type: 'string', description: 'Search terms' }, category: { type: 'string', description: 'Product category' }, maxPrice: { type: 'number', description: 'Maximum price filter' } }, ['query']) },
  { name: 'add-to-cart', description: 'Add a product to the shopping cart', from: 'global', inputSchema: s({ productId: { type: 'string' }, quantity: { type: 'integer' } }, ['productId']) },
  { name: 'get-user', description: 'Get current user info', inputSchema: s({}), from: 'global' },
  { name: 'delete-user', description: 'Delete a user account (admin only)', from: 'global', inputSchema: s({ userId: { type: 'string' } }, ['userId']) },
  { name: 'fill-contact-form', description: 'Fill the contact form with provided details', from: 'global', inputSchema: s({ name: { type: 'string' }, email: { type: 'string' }, message: { type: 'string' } }, ['name', 'email', 'message']) },
  { name: 'submit-form', description: 'Submit the contact form', inputSchema: s({}), from: 'global' },
  { name: 'echo', description: 'Echo a message', from: 'webmcp-ts-sdk', inputSchema: s({ message: { type: 'string' } }, ['message']) },
  { name: 'search', description: 'Search indexed docs', from: 'webmcp-types', inputSchema: s({ query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } }, ['query'], { additionalProperties: false }) },
  { name: 'createTodo', description: 'Creates a new todo item for the current user', from: 'transports (zod → JSON Schema)', inputSchema: s({ todoText: { type: 'string', description: 'The content of the todo item.' } }, ['todoText'], { additionalProperties: false, $schema: 'http://json-schema.org/draft-07/schema#' }) },
  { name: 'getIframeData', description: 'Get data from the iframe application', from: 'transports (iframe, zod → JSON Schema)', inputSchema: s({ key: { type: 'string', description: 'Data key to retrieve' } }, ['key'], { additionalProperties: false, $schema: 'http://json-schema.org/draft-07/schema#' }) },
  { name: 'posts_like', description: 'Like a post by ID. Increments the like count.', from: 'react-webmcp', annotations: { title: 'Like Post', readOnlyHint: false, idempotentHint: true }, inputSchema: s({ postId: { type: 'string', description: 'The post ID to like' } }, ['postId']) },
  { name: 'search_flights', description: 'Search flights', from: 'Chromium declarative <form toolname> (findings §1)', inputSchema: s({ from: { type: 'string', description: 'From' }, cabin: { type: 'string', anyOf: [{ type: 'string', const: 'economy', title: 'economy' }, { type: 'string', const: 'business', title: 'business' }], enum: ['economy', 'business'], description: 'Cabin class' } }, ['from']) },
];

const definitions = EXAMPLES.map((e) =>
  define(
    { frame: 'top', name: e.name, description: e.description, inputSchema: e.inputSchema, annotations: e.annotations ?? {} },
    e.name === 'getIframeData' ? FRAMES.reviews : FRAMES.top,
  ),
);
const WEBMCP_CONTEXT = contextOf(definitions);

/** Calls a correct caller makes; the README's own executeTool example is among them verbatim. */
const WEBMCP_CALLS: [string, Args, string?][] = [
  ['get-page-title', {}],
  ['search-products', { query: 'laptop' }],
  ['search-products', { query: 'running shoes', category: 'shoes', maxPrice: 120 }],
  ['search-products', { query: 'desk lamp', maxPrice: 39.99 }],
  ['search-products', { query: 'laptop', limit: 5 }, 'verbatim from the @mcp-b/global README executeTool example'],
  ['add-to-cart', { productId: 'p-123' }],
  ['add-to-cart', { productId: 'B00X4WHP5E', quantity: 2 }],
  ['get-user', {}],
  ['delete-user', { userId: 'u_42' }],
  ['fill-contact-form', { name: 'Ada Lovelace', email: 'ada@example.org', message: 'Please call me back.' }],
  ['submit-form', {}],
  ['echo', { message: 'hello' }],
  ['search', { query: 'webmcp' }],
  ['search', { query: 'polyfill', limit: 10 }],
  ['createTodo', { todoText: 'Buy groceries' }, 'verbatim from the transports README'],
  ['getIframeData', { key: 'user-preferences' }, 'verbatim from the transports README'],
  ['posts_like', { postId: 'post-1' }],
  ['search_flights', { from: 'TPE', cabin: 'economy' }],
  ['search_flights', { from: 'BER' }],
];

export function webMcpCalls(): Mapped[] {
  return WEBMCP_CALLS.map(([tool, args, note]) => ({
    kind: 'call',
    proposal: { tool, args },
    context: WEBMCP_CONTEXT,
    source: `webmcp ${tool} ${JSON.stringify(args)}${note ? ` (${note})` : ''}`,
  }));
}
