import { expect } from 'vitest';
import {
  listingKey,
  type PageToolDefinition,
  pageToolDigest,
  type ReasonCode,
  type Resolution,
  type ResolvedCall,
  type ResolverContext,
  resolve,
  type ToolAnnotations,
} from '../../../src/core';

export type PageTier = PageToolDefinition['tier'];

/** The reason codes of a rejection; fails the test if the resolution succeeded. */
export function codes(resolution: Resolution): ReasonCode[] {
  if (resolution.ok) expect.fail(`expected a rejection, got a resolved call to ${resolution.call.tool}`);
  return resolution.ok ? [] : resolution.reasons.map((r) => r.code);
}

export function messages(resolution: Resolution): string {
  return resolution.ok ? '' : resolution.reasons.map((r) => r.message).join(' | ');
}

/** The resolved call; fails the test with the reasons if the resolution was a rejection. */
export function call(resolution: Resolution): ResolvedCall {
  if (!resolution.ok) expect.fail(`expected the call to resolve: ${JSON.stringify(resolution.reasons)}`);
  return (resolution as { ok: true; call: ResolvedCall }).call;
}

type ToolSpec = {
  provider: string;
  name: string;
  tier?: PageTier;
  description?: string;
  inputSchema?: unknown;
  annotations?: ToolAnnotations;
};

/** A page tool whose digest is computed as the background computes it. */
export function pageTool(spec: ToolSpec): PageToolDefinition {
  const definition = {
    name: spec.name,
    description: spec.description ?? `${spec.name} from ${spec.provider}`,
    inputSchema: spec.inputSchema ?? { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    annotations: spec.annotations ?? {},
  };
  return {
    ...definition,
    provider: spec.provider,
    tier: spec.tier ?? 'top',
    digest: pageToolDigest(definition),
    handle: `tab:1/frame:${spec.provider}`,
  };
}

/** A resolver context; `listed` maps tools to the digest the agent last saw (default: none listed). */
export function context(pageTools: PageToolDefinition[], listed: [PageToolDefinition, string][] = []): ResolverContext {
  return { pageTools, listed: new Map(listed.map(([tool, digest]) => [listingKey(tool.provider, tool.name), digest])) };
}

export const resolveIn = (ctx: ResolverContext, proposal: unknown) => resolve(proposal, ctx);
