import type { z } from 'zod';
import {
  AGENT_TEXT_LIMIT,
  type Privilege,
  ProposalEnvelopeSchema,
  type Reason,
  type ReasonCode,
  reason,
  type TrustTier,
} from '../contracts';
import { nearestNames } from '../util/edit-distance';
import { type BuiltinCallData, BuiltinCallSchema, type BuiltinName } from './builtins';
import { fromSchemaIssues, fromZodIssues } from './issues';
import { listingKey, type PageToolDefinition, pageToolPrivilege, TIER_RANK, validatorFor } from './page-tools';
import { REGISTRY, type RegisteredTool } from './registry';
import { inspectShape } from './shape';

type CallBase = {
  provider: string;
  tier: TrustTier;
  digest: string;
  privilege: Privilege;
  agent: string | null;
};

/** A built-in call, typed per tool by its own schemas (builtins.ts); `pageTool` is null. */
export type BuiltinCall = CallBase & BuiltinCallData & { pageTool: null };

/** One built-in's call: `CallOf<'click'>`. */
export type CallOf<N extends BuiltinName> = Extract<BuiltinCall, { tool: N }>;

/** A page tool's call: its arguments passed its own inputSchema; page tools declare no claims. */
export type PageToolCall = CallBase & {
  tool: string;
  args: Record<string, unknown>;
  claims: Record<string, never>;
  /** Where the tool runs. */
  pageTool: PageToolDefinition;
};

/** What the resolver returns, discriminated by `pageTool` (null for a built-in) and then by `tool`. */
export type ResolvedCall = BuiltinCall | PageToolCall;

export type Resolution = { ok: true; call: ResolvedCall } | Failure;

/** What the resolver knows beyond the built-ins: the page tools of this tab and what the agent listed. */
export type ResolverContext = {
  pageTools: readonly PageToolDefinition[];
  /** listingKey(provider, name) → digest, as last returned to this caller by `tools()`. */
  listed: ReadonlyMap<string, string>;
};

export const EMPTY_CONTEXT: ResolverContext = { pageTools: [], listed: new Map() };

type Failure = { ok: false; reasons: Reason[] };
const reject = (code: ReasonCode, message: string): Failure => ({ ok: false, reasons: [reason(code, message)] });

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

  const base = { provider: providerOf(chosen), tier: tierOf(chosen), digest: chosen.tool.digest };
  const from = agent === undefined ? null : agent.slice(0, AGENT_TEXT_LIMIT);
  if (chosen.kind === 'builtin') {
    const parsed = BuiltinCallSchema.safeParse({ tool: name, args, claims });
    if (!parsed.success) return { ok: false, reasons: builtinIssues(parsed.error.issues, args, claims) };
    return { ok: true, call: { ...base, ...parsed.data, privilege: chosen.tool.privilege, agent: from, pageTool: null } };
  }
  const checkedArgs = checkArgs(chosen.tool, args, candidates);
  if (!checkedArgs.ok) return checkedArgs;
  if (Object.keys(claims).length > 0)
    return reject('unknown_claim', `Page tools declare no claims; got ${Object.keys(claims).slice(0, 5).join(', ')}.`);
  const call = { ...base, tool: name, args, claims: {}, privilege: pageToolPrivilege(chosen.tool), agent: from, pageTool: chosen.tool };
  return { ok: true, call };
}

/** The arguments' issues if any (H2/H3), else the claims': each named from its own part of the call. */
function builtinIssues(issues: z.core.$ZodIssue[], args: Record<string, unknown>, claims: Record<string, unknown>): Reason[] {
  const within = (part: 'args' | 'claims') =>
    issues.filter((issue) => issue.path[0] === part).map((issue) => ({ ...issue, path: issue.path.slice(1) }));
  const argIssues = within('args');
  return argIssues.length > 0 ? fromZodIssues(argIssues, args, 'args') : fromZodIssues(within('claims'), claims, 'claims');
}

function select(
  name: string,
  pin: string | undefined,
  candidates: Candidate[],
  context: ResolverContext,
): { candidate: Candidate } | Failure {
  const shortName = name.slice(0, 128);
  if (pin !== undefined) {
    const pinned = candidates.filter((c) => providerOf(c) === pin);
    if (pinned.length === 1) return { candidate: pinned[0]! };
    // One provider offering the name from several frames is still ambiguous: never guess.
    if (pinned.length > 1) return ambiguity(shortName, pinned);
    if (candidates.length === 0) return unknown(name, context);
    return reject('no_provider', `No provider "${pin.slice(0, 256)}" offers "${shortName}".`);
  }
  if (candidates.length === 0) return unknown(name, context);
  if (candidates.length === 1) return { candidate: candidates[0]! };
  return ambiguity(shortName, candidates);
}

/** Several candidates: across trust tiers it is shadowing (M3), within one tier a collision (M2). */
function ambiguity(shortName: string, candidates: Candidate[]): Failure {
  const tiers = new Set(candidates.map(tierOf));
  if (tiers.size > 1) {
    const list = candidates.map((c) => `${providerOf(c)} (${tierOf(c)})`).join(', ');
    return reject('shadowed_tool', `"${shortName}" is offered at several trust tiers: ${list}. Pin a provider.`);
  }
  const list = candidates.map(providerOf).join(', ');
  return reject('ambiguous_provider', `"${shortName}" is offered by several providers: ${list}. Pin one with "provider".`);
}

function unknown(name: string, context: ResolverContext): Failure {
  const names = [...new Set([...REGISTRY.keys(), ...context.pageTools.map((t) => t.name)])];
  const near = nearestNames(name, names);
  const hint = near.length > 0 ? ` Nearest registered names: ${near.join(', ')}.` : '';
  return reject('unknown_tool', `No tool named "${name.slice(0, 128)}" is registered.${hint}`);
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

function checkArgs(chosen: PageToolDefinition, args: Record<string, unknown>, candidates: Candidate[]): { ok: true } | Failure {
  const validator = validatorFor(chosen);
  if (!validator.ok) return reject('type_mismatch', `The tool's inputSchema cannot be enforced: ${validator.error}`);
  const issues = validator.validate(args);
  if (issues.length === 0) return { ok: true };
  // M5: arguments shaped for another provider's tool of the same name are a borrowed signature.
  const borrowedFrom = candidates.find((c) => c.tool !== chosen && c.kind === 'page' && fits(c.tool, args));
  if (borrowedFrom) {
    return reject(
      'signature_mismatch',
      `These arguments fit "${chosen.name}" from ${providerOf(borrowedFrom)}, not from ${chosen.provider}.`,
    );
  }
  return { ok: false, reasons: fromSchemaIssues(issues) };
}

function fits(tool: PageToolDefinition, args: Record<string, unknown>): boolean {
  const validator = validatorFor(tool);
  return validator.ok && validator.validate(args).length === 0;
}

export { TIER_RANK };
