import {
  AGENT_TEXT_LIMIT,
  type Claims,
  type Privilege,
  ProposalEnvelopeSchema,
  type Reason,
  type ReasonCode,
  reason,
  type TrustTier,
} from '../contracts';
import { nearestNames } from '../util/edit-distance';
import { fromSchemaIssues, fromZodIssues } from './issues';
import { listingKey, type PageToolDefinition, pageToolPrivilege, TIER_RANK, validatorFor } from './page-tools';
import { REGISTRY, type RegisteredTool } from './registry';
import { inspectShape } from './shape';

export type ResolvedCall = {
  tool: string;
  provider: string;
  tier: TrustTier;
  digest: string;
  privilege: Privilege;
  args: Record<string, unknown>;
  claims: Claims;
  agent: string | null;
  /** Set for page tools: where the tool runs. */
  pageTool: PageToolDefinition | null;
};

export type Resolution = { ok: true; call: ResolvedCall } | { ok: false; reasons: Reason[] };

/** What the resolver knows beyond the built-ins: the page tools of this tab and what the agent listed. */
export type ResolverContext = {
  pageTools: readonly PageToolDefinition[];
  /** listingKey(provider, name) → digest, as last returned to this caller by `tools()`. */
  listed: ReadonlyMap<string, string>;
};

export const EMPTY_CONTEXT: ResolverContext = { pageTools: [], listed: new Map() };

const reject = (code: ReasonCode, message: string): Resolution => ({ ok: false, reasons: [reason(code, message)] });

type Candidate = { kind: 'builtin'; tool: RegisteredTool } | { kind: 'page'; tool: PageToolDefinition };
const tierOf = (c: Candidate): TrustTier => (c.kind === 'builtin' ? 'builtin' : c.tool.tier);
const providerOf = (c: Candidate) => c.tool.provider;

/**
 * Closed-world resolution (seed 004, Algorithms 1 and 2): shape, membership and provider, listing
 * freshness, then the selected provider's signature — all before any gate sees the call.
 */
export function resolve(raw: unknown, context: ResolverContext = EMPTY_CONTEXT): Resolution {
  const shape = inspectShape(raw);
  if (shape) return reject(shape.code, shape.message);

  const envelope = ProposalEnvelopeSchema.safeParse(raw);
  if (!envelope.success) {
    const issue = envelope.error.issues[0]!;
    return reject('malformed_proposal', `${issue.path.join('.') || 'proposal'}: ${issue.message}`);
  }
  const { tool: name, provider: pin, args, claims = {}, agent } = envelope.data;

  const builtin = REGISTRY.get(name);
  const candidates: Candidate[] = [
    ...(builtin ? [{ kind: 'builtin' as const, tool: builtin }] : []),
    ...context.pageTools.filter((t) => t.name === name).map((tool) => ({ kind: 'page' as const, tool })),
  ];

  const selected = select(name, pin, candidates, context);
  if ('reasons' in selected) return selected;
  const chosen = selected.candidate;

  if (chosen.kind === 'page') {
    const stale = staleAgainstListing(chosen.tool, context.listed);
    if (stale) return reject('stale_definition', stale);
  }

  const checkedArgs = checkArgs(chosen, args, candidates);
  if (!checkedArgs.ok) return checkedArgs;
  const claimSchema = chosen.kind === 'builtin' ? chosen.tool.claims : null;
  const parsedClaims = claimSchema ? claimSchema.safeParse(claims) : null;
  if (parsedClaims && !parsedClaims.success) return { ok: false, reasons: fromZodIssues(parsedClaims.error.issues, claims, 'claims') };
  if (!claimSchema && Object.keys(claims).length > 0)
    return reject('unknown_claim', `Page tools declare no claims; got ${Object.keys(claims).slice(0, 5).join(', ')}.`);

  return {
    ok: true,
    call: {
      tool: name,
      provider: providerOf(chosen),
      tier: tierOf(chosen),
      digest: chosen.tool.digest,
      privilege: chosen.kind === 'builtin' ? chosen.tool.privilege : pageToolPrivilege(chosen.tool),
      args: checkedArgs.args,
      claims: (parsedClaims?.data ?? {}) as Claims,
      agent: agent === undefined ? null : agent.slice(0, AGENT_TEXT_LIMIT),
      pageTool: chosen.kind === 'page' ? chosen.tool : null,
    },
  };
}

function select(
  name: string,
  pin: string | undefined,
  candidates: Candidate[],
  context: ResolverContext,
): { candidate: Candidate } | { ok: false; reasons: Reason[] } {
  const shortName = name.slice(0, 128);
  if (pin !== undefined) {
    const pinned = candidates.filter((c) => providerOf(c) === pin);
    if (pinned.length === 1) return { candidate: pinned[0]! };
    // One provider offering the name from several frames is still ambiguous: never guess.
    if (pinned.length > 1) return ambiguity(shortName, pinned);
    if (candidates.length === 0) return unknown(name, context);
    return reject('no_provider', `No provider "${pin.slice(0, 256)}" offers "${shortName}".`) as { ok: false; reasons: Reason[] };
  }
  if (candidates.length === 0) return unknown(name, context);
  if (candidates.length === 1) return { candidate: candidates[0]! };
  return ambiguity(shortName, candidates);
}

/** Several candidates: across trust tiers it is shadowing (M3), within one tier a collision (M2). */
function ambiguity(shortName: string, candidates: Candidate[]): { ok: false; reasons: Reason[] } {
  const tiers = new Set(candidates.map(tierOf));
  if (tiers.size > 1) {
    const list = candidates.map((c) => `${providerOf(c)} (${tierOf(c)})`).join(', ');
    return reject('shadowed_tool', `"${shortName}" is offered at several trust tiers: ${list}. Pin a provider.`) as {
      ok: false;
      reasons: Reason[];
    };
  }
  const list = candidates.map(providerOf).join(', ');
  return reject('ambiguous_provider', `"${shortName}" is offered by several providers: ${list}. Pin one with "provider".`) as {
    ok: false;
    reasons: Reason[];
  };
}

function unknown(name: string, context: ResolverContext): { ok: false; reasons: Reason[] } {
  const names = [...new Set([...REGISTRY.keys(), ...context.pageTools.map((t) => t.name)])];
  const near = nearestNames(name, names);
  const hint = near.length > 0 ? ` Nearest registered names: ${near.join(', ')}.` : '';
  return reject('unknown_tool', `No tool named "${name.slice(0, 128)}" is registered.${hint}`) as { ok: false; reasons: Reason[] };
}

/**
 * M4: a call is bound to what the agent listed. A changed digest is stale; so is a name the agent
 * saw from another provider that now resolves here (the listed provider left, a new one took over).
 */
function staleAgainstListing(tool: PageToolDefinition, listed: ReadonlyMap<string, string>): string | null {
  const listedDigest = listed.get(listingKey(tool.provider, tool.name));
  if (listedDigest !== undefined) {
    return listedDigest === tool.digest ? null : `"${tool.name}" from ${tool.provider} changed after it was listed; list tools again.`;
  }
  const suffix = listingKey('', tool.name);
  for (const key of listed.keys()) {
    if (key.endsWith(suffix) && key.indexOf('\u0000') === key.length - suffix.length) {
      return `"${tool.name}" was listed from another provider; ${tool.provider} offers it now. List tools again.`;
    }
  }
  return null;
}

function checkArgs(
  chosen: Candidate,
  args: Record<string, unknown>,
  candidates: Candidate[],
): { ok: true; args: Record<string, unknown> } | { ok: false; reasons: Reason[] } {
  if (chosen.kind === 'builtin') {
    const parsed = chosen.tool.args.safeParse(args);
    return parsed.success ? { ok: true, args: parsed.data } : { ok: false, reasons: fromZodIssues(parsed.error.issues, args, 'args') };
  }
  const validator = validatorFor(chosen.tool);
  if (!validator.ok)
    return reject('type_mismatch', `The tool's inputSchema cannot be enforced: ${validator.error}`) as { ok: false; reasons: Reason[] };
  const issues = validator.validate(args);
  if (issues.length === 0) return { ok: true, args };
  // M5: arguments shaped for another provider's tool of the same name are a borrowed signature.
  const borrowedFrom = candidates.find((c) => c !== chosen && c.kind === 'page' && fits(c.tool, args));
  if (borrowedFrom) {
    return reject(
      'signature_mismatch',
      `These arguments fit "${chosen.tool.name}" from ${providerOf(borrowedFrom)}, not from ${chosen.tool.provider}.`,
    ) as {
      ok: false;
      reasons: Reason[];
    };
  }
  return { ok: false, reasons: fromSchemaIssues(issues) };
}

function fits(tool: PageToolDefinition, args: Record<string, unknown>): boolean {
  const validator = validatorFor(tool);
  return validator.ok && validator.validate(args).length === 0;
}

export { TIER_RANK };
