import { z } from 'zod';
import type { ToolDescriptor } from '../contracts';
import { canonicalJson } from '../util/canonical-json';
import { sha256Hex } from '../util/sha256';
import { BUILTIN_TOOLS, type BuiltinTool } from './builtins';

export type RegisteredTool = BuiltinTool & { provider: 'builtin'; digest: string; inputSchema: Record<string, unknown> };

function register(tool: BuiltinTool): RegisteredTool {
  const inputSchema = z.toJSONSchema(tool.args) as Record<string, unknown>;
  const claimsSchema = z.toJSONSchema(tool.claims);
  const digest = `sha256:${sha256Hex(canonicalJson({ name: tool.name, inputSchema, claimsSchema, privilege: tool.privilege }))}`;
  return { ...tool, provider: 'builtin', digest, inputSchema };
}

export const REGISTRY: ReadonlyMap<string, RegisteredTool> = new Map(BUILTIN_TOOLS.map((tool) => [tool.name, register(tool)]));

export function describeTools(): ToolDescriptor[] {
  return [...REGISTRY.values()].map((tool) => ({
    name: tool.name,
    provider: tool.provider,
    tier: 'builtin',
    description: tool.description,
    privilege: tool.privilege,
    inputSchema: tool.inputSchema,
    claims: Object.keys(tool.claims.shape),
    digest: tool.digest,
  }));
}
