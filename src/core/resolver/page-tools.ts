import type { Privilege, TrustTier } from '../contracts';
import { namesCommitment } from '../plan/privilege';
import { canonicalJson } from '../util/canonical-json';
import { sha256Hex } from '../util/sha256';
import { type Compiled, compileJsonSchema } from './json-schema';

export type ToolAnnotations = {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  /** Chromium's WebMCP name for a tool with consequences the user should confirm. */
  consequentialHint?: boolean;
  untrustedContentHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  title?: string;
};

/**
 * A tool a page registered (WebMCP). `provider` is the registering frame's origin as the browser
 * stamped it; `tier` comes from where that frame sits relative to the top frame, never from the page.
 */
export type PageToolDefinition = {
  provider: string;
  tier: Exclude<TrustTier, 'builtin'>;
  name: string;
  description: string;
  inputSchema: unknown;
  annotations: ToolAnnotations;
  digest: string;
  /** Opaque to the core: where the background runs the tool (tab and frame). */
  handle: string;
};

/** Higher is more trusted; built-ins are above every page. */
export const TIER_RANK: Record<TrustTier, number> = { builtin: 3, top: 2, 'same-site': 1, 'cross-site': 0 };

/**
 * The definition's digest: what the agent was shown (name, description, schema, annotations), the
 * source of the page's `execute` (its code, read with the captured Function.prototype.toString),
 * and the registration's generation in its frame: any re-registration of a listed tool is a
 * redefinition (M4), even one that repeats the definition word for word.
 */
export function pageToolDigest(
  tool: Pick<PageToolDefinition, 'name' | 'description' | 'inputSchema' | 'annotations'> & { source?: string; generation?: number },
): string {
  const material = {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: tool.annotations,
    source: tool.source ?? '',
    generation: tool.generation ?? 0,
  };
  return `sha256:${sha256Hex(canonicalJson(material))}`;
}

/** "send_payment", "transferFunds", "checkout-now": the words of a tool's name. */
export function toolNameWords(name: string): string {
  return name
    .replace(/([a-z\d])([A-Z])/gu, '$1 $2')
    .replace(/[_\-.:]+/gu, ' ')
    .trim();
}

function toolNamesCommitment(tool: Pick<PageToolDefinition, 'name' | 'description' | 'annotations'>): boolean {
  return [toolNameWords(tool.name), tool.annotations.title ?? '', tool.description].some((text) => text !== '' && namesCommitment(text));
}

/**
 * Page-declared hints can only lower trust in a tool, except read-only, which the gate still checks;
 * and a tool whose name, title or description names a commitment (the lexicon clicks use) is a
 * commit whatever it declares: `readOnlyHint` on "send_payment" is the page's word, not evidence.
 */
export function pageToolPrivilege(tool: Pick<PageToolDefinition, 'name' | 'description' | 'annotations'>): Privilege {
  const { annotations } = tool;
  if (annotations.destructiveHint === true || annotations.consequentialHint === true) return 'commit';
  if (toolNamesCommitment(tool)) return 'commit';
  if (annotations.readOnlyHint === true) return 'read';
  // MCP's defaults: a tool not declared read-only may change things, and it runs the page's code
  // with the agent's arguments; like a commit, it needs the user.
  return 'commit';
}

const compiled = new Map<string, Compiled>();

/** Compiles once per digest: the same definition always validates the same way. */
export function validatorFor(tool: PageToolDefinition): Compiled {
  let entry = compiled.get(tool.digest);
  if (!entry) {
    entry = compileJsonSchema(tool.inputSchema);
    if (compiled.size > 2_000) compiled.clear();
    compiled.set(tool.digest, entry);
  }
  return entry;
}

export const listingKey = (provider: string, name: string) => `${provider}\u0000${name}`;
