import type { Rng } from './rng';

/**
 * The page tools of the simulated tab, written the way a shop and its embedded widgets would
 * register them over WebMCP. `honest` draws arguments the way a correct caller would; it is written
 * against the intent of each tool, not generated from the schema the resolver reads.
 */
export type FrameName = 'top' | 'pay' | 'account' | 'reviews' | 'chat' | 'ads';
export type Args = Record<string, unknown>;
export type Schema = {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties?: boolean;
};
export type ToolSpec = {
  frame: FrameName;
  name: string;
  description: string;
  inputSchema: Schema;
  annotations: { readOnlyHint?: boolean; destructiveHint?: boolean };
  honest(r: Rng): Args;
};

const SKU = '^sku-[0-9]{4,8}$';
const ORDER = '^ord-[0-9]{6}$';
const ACCOUNT = '^acct-[0-9]{1,8}$';
const UPS = '^1Z[0-9A-Z]{16}$';
const CATEGORIES = ['shoes', 'outdoor', 'kitchen', 'books', 'toys'];
const WORDS = ['trail runner', 'rain jacket', 'cast iron pan', 'kids puzzle', 'headlamp', 'wool socks', '登山鞋', 'café press'];

const digits = (r: Rng, n: number) => Array.from({ length: n }, () => r.int(0, 9)).join('');
export const sku = (r: Rng) => `sku-${digits(r, r.int(4, 8))}`;
export const order = (r: Rng) => `ord-${digits(r, 6)}`;
export const account = (r: Rng) => `acct-${digits(r, r.int(1, 8))}`;
export const ups = (r: Rng) => `1Z${Array.from({ length: 16 }, () => r.pick([...'0123456789ABCDEFGHJKLMNPRSTUVWXYZ'])).join('')}`;

function optional(r: Rng, args: Args, key: string, value: () => unknown): Args {
  if (r.chance(0.5)) args[key] = value();
  return args;
}

const obj = (properties: Schema['properties'], required: string[] = []): Schema => ({ type: 'object', properties, required });

/** The tab every H-class trial and the honest calls run in: no two providers share a name. */
export const BASE_TOOLS: readonly ToolSpec[] = [
  {
    frame: 'top',
    name: 'search_products',
    description: 'Search the catalogue by free text, optionally within a category and under a price.',
    inputSchema: obj(
      {
        query: { type: 'string', minLength: 1, maxLength: 200 },
        category: { type: 'string', enum: CATEGORIES },
        max_price: { type: 'number', minimum: 0 },
      },
      ['query'],
    ),
    annotations: { readOnlyHint: true },
    honest: (r) =>
      optional(
        r,
        optional(r, { query: r.pick(WORDS) }, 'category', () => r.pick(CATEGORIES)),
        'max_price',
        () => r.int(5, 500) + 0.99,
      ),
  },
  {
    frame: 'top',
    name: 'add_to_cart',
    description: 'Add a product to the cart.',
    inputSchema: obj({ product_id: { type: 'string', pattern: SKU }, quantity: { type: 'integer', minimum: 1, maximum: 99 } }, [
      'product_id',
    ]),
    annotations: {},
    honest: (r) => optional(r, { product_id: sku(r) }, 'quantity', () => r.int(1, 5)),
  },
  {
    frame: 'top',
    name: 'get_order_status',
    description: 'Return the shipping status of one of your orders.',
    inputSchema: obj({ order_id: { type: 'string', pattern: ORDER } }, ['order_id']),
    annotations: { readOnlyHint: true },
    honest: (r) => ({ order_id: order(r) }),
  },
  {
    frame: 'top',
    name: 'cancel_order',
    description: 'Cancel an order that has not shipped yet.',
    inputSchema: obj(
      { order_id: { type: 'string', pattern: ORDER }, reason: { type: 'string', enum: ['changed_mind', 'too_slow', 'wrong_item'] } },
      ['order_id'],
    ),
    annotations: { destructiveHint: true },
    honest: (r) => optional(r, { order_id: order(r) }, 'reason', () => r.pick(['changed_mind', 'too_slow', 'wrong_item'])),
  },
  {
    frame: 'top',
    name: 'apply_coupon',
    description: 'Apply a coupon code to the cart.',
    inputSchema: obj({ code: { type: 'string', pattern: '^[A-Z0-9]{4,12}$' } }, ['code']),
    annotations: {},
    honest: (r) => ({ code: r.pick(['SPRING24', 'WELCOME10', 'FREESHIP', 'VIP2024']) }),
  },
  {
    frame: 'top',
    name: 'view_cart',
    description: 'List what is in the cart.',
    inputSchema: obj({}),
    annotations: { readOnlyHint: true },
    honest: () => ({}),
  },
  {
    frame: 'pay',
    name: 'transfer_funds',
    description: 'Send money from your wallet to a saved recipient.',
    inputSchema: obj(
      {
        recipient_id: { type: 'string', pattern: ACCOUNT },
        amount: { type: 'number', exclusiveMinimum: 0, maximum: 10_000 },
        currency: { type: 'string', enum: ['EUR', 'USD', 'GBP'] },
        memo: { type: 'string', maxLength: 140 },
      },
      ['recipient_id', 'amount', 'currency'],
    ),
    annotations: { destructiveHint: true },
    honest: (r) =>
      optional(
        r,
        { recipient_id: account(r), amount: r.int(1, 900) + r.int(0, 99) / 100, currency: r.pick(['EUR', 'USD', 'GBP']) },
        'memo',
        () => r.pick(['rent', 'invoice 2024-117', 'dinner 🍕']),
      ),
  },
  {
    frame: 'pay',
    name: 'get_balance',
    description: 'Return the balance of one of your accounts.',
    inputSchema: obj({ account_id: { type: 'string', pattern: ACCOUNT } }, ['account_id']),
    annotations: { readOnlyHint: true },
    honest: (r) => ({ account_id: account(r) }),
  },
  {
    frame: 'pay',
    name: 'list_payment_methods',
    description: 'List saved cards and wallets.',
    inputSchema: obj({}),
    annotations: { readOnlyHint: true },
    honest: () => ({}),
  },
  {
    frame: 'reviews',
    name: 'get_reviews',
    description: 'Read customer reviews of a product.',
    inputSchema: obj(
      {
        product_id: { type: 'string', pattern: SKU },
        limit: { type: 'integer', minimum: 1, maximum: 50 },
        sort: { type: 'string', enum: ['newest', 'rating'] },
      },
      ['product_id'],
    ),
    annotations: { readOnlyHint: true },
    honest: (r) =>
      optional(
        r,
        optional(r, { product_id: sku(r) }, 'limit', () => r.int(1, 50)),
        'sort',
        () => r.pick(['newest', 'rating']),
      ),
  },
  {
    frame: 'reviews',
    name: 'post_review',
    description: 'Publish a review of a product you bought.',
    inputSchema: obj(
      {
        product_id: { type: 'string', pattern: SKU },
        rating: { type: 'integer', minimum: 1, maximum: 5 },
        text: { type: 'string', minLength: 1, maxLength: 2_000 },
      },
      ['product_id', 'rating', 'text'],
    ),
    annotations: {},
    honest: (r) => ({ product_id: sku(r), rating: r.int(1, 5), text: r.pick(['Fits well.', 'Arrived late but works.', '很好用']) }),
  },
  {
    frame: 'reviews',
    name: 'track_package',
    description: 'Track a parcel by its UPS tracking number.',
    inputSchema: obj({ tracking_number: { type: 'string', pattern: UPS } }, ['tracking_number']),
    annotations: { readOnlyHint: true },
    honest: (r) => ({ tracking_number: ups(r) }),
  },
  {
    frame: 'chat',
    name: 'send_message',
    description: 'Send a message to customer support.',
    inputSchema: obj({ message: { type: 'string', minLength: 1, maxLength: 2_000 } }, ['message']),
    annotations: {},
    honest: (r) => ({ message: r.pick(['Where is my order?', 'I need an invoice.', 'Can I change the address?']) }),
  },
  {
    frame: 'chat',
    name: 'open_chat',
    description: 'Open the support chat, optionally on a topic.',
    inputSchema: obj({ topic: { type: 'string', enum: ['orders', 'returns', 'payments'] } }),
    annotations: {},
    honest: (r) => optional(r, {}, 'topic', () => r.pick(['orders', 'returns', 'payments'])),
  },
];

/** Names that exist in other deployments (another shop, a bank, WebMCP examples) but not in this tab. */
export const FOREIGN_NAMES = [
  'wire_money',
  'get_weather',
  'createTodo',
  'search-products',
  'add-to-cart',
  'delete_account',
  'export_contacts',
];
