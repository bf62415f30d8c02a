import { inspectShape } from '../core/resolver/shape';
import { anyString, boolean, type Check, isRecord, oneOf, optional, strict, string } from './checks/shape';

/**
 * Which proposals this frame certifies on the way in (issue 13 §1). The background resolves every
 * proposal (src/core/resolver, with the page tools and policy it alone holds); the frame carries
 * no resolver, only this mirror of the built-in tools' argument and claim shapes
 * (core/resolver/builtins.ts), so that it touches the page's DOM (scrolls the target into view,
 * builds a form's request) only for a call that will resolve: a reject never reaches the DOM.
 * A unit test holds it equal to the resolver (test/unit/admission.test.ts): a call admitted here
 * resolves there and names the same target, and one that resolves there is admitted here.
 */
export type Admitted = { tool: string; target: string | null };

const selector = string(4_096, 1);
const label = optional(string(1_000));
const fields: Check = (value) =>
  isRecord(value) &&
  Object.entries(value).every(([key, entry]) => key.length <= 1_000 && typeof entry === 'string' && entry.length <= 10_000);
const integer =
  (min: number, max: number): Check =>
  (value) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** http or https with a host: the resolver's WebUrlSchema. */
const webUrl: Check = (value) => {
  if (typeof value !== 'string' || value.length < 1 || value.length > 8_192) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const BUILTINS: Record<string, { args: Record<string, Check>; claims: Record<string, Check> }> = {
  click: { args: { target: selector }, claims: { label, href: optional(string(8_192)), origin: optional(string(2_048)) } },
  type: { args: { target: selector, text: string(10_000), replace: optional(boolean) }, claims: { label } },
  select: { args: { target: selector, option: string(1_000, 1) }, claims: { label } },
  submit: { args: { target: selector }, claims: { label, fields: optional(fields) } },
  navigate: { args: { url: webUrl }, claims: { origin: optional(string(2_048)) } },
  read: { args: { target: selector }, claims: { value: optional(string(10_000)) } },
  scroll: {
    args: { target: optional(selector), direction: oneOf(['up', 'down', 'left', 'right']), amount: integer(1, 100_000) },
    claims: {},
  },
};

const keys = (value: unknown) => isRecord(value) && Object.keys(value).every((key) => key.length <= 128);

const ENVELOPE = {
  tool: string(128, 1),
  provider: optional(string(2_048)),
  args: keys,
  claims: optional(keys),
  agent: optional(anyString),
};

/** The built-in call this proposal makes, and its target in this frame; null for anything else. */
export function admit(proposal: unknown): Admitted | null {
  if (inspectShape(proposal) !== null || !strict(proposal, ENVELOPE)) return null;
  const { tool, provider, args, claims = {} } = proposal as { tool: string; provider?: string; args: unknown; claims?: unknown };
  const builtin = Object.hasOwn(BUILTINS, tool) ? BUILTINS[tool]! : null;
  // Pinned to another provider, a built-in name resolves to a page tool or to nothing: not certified here.
  if (!builtin || (provider !== undefined && provider !== 'builtin')) return null;
  if (!strict(args, builtin.args) || !strict(claims, builtin.claims)) return null;
  const target = tool === 'navigate' ? undefined : (args as { target?: string }).target;
  return { tool, target: target ?? null };
}
