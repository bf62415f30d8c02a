import type { z } from 'zod';
import { AGENT_TEXT_LIMIT, type Claims, type Privilege, ProposalEnvelopeSchema, type Reason, type ReasonCode, reason } from '../contracts';
import { nearestNames } from '../util/edit-distance';
import { REGISTRY } from './registry';
import { inspectShape } from './shape';

export type ResolvedCall = {
  tool: string;
  provider: string;
  digest: string;
  privilege: Privilege;
  args: Record<string, unknown>;
  claims: Claims;
  agent: string | null;
};

export type Resolution = { ok: true; call: ResolvedCall } | { ok: false; reasons: Reason[] };

const reject = (code: ReasonCode, message: string): Resolution => ({ ok: false, reasons: [reason(code, message)] });

/** Closed-world resolution (seed 004, Algorithm 1): membership, then signature, before any gate. */
export function resolve(raw: unknown): Resolution {
  const shape = inspectShape(raw);
  if (shape) return reject(shape.code, shape.message);

  const envelope = ProposalEnvelopeSchema.safeParse(raw);
  if (!envelope.success) {
    const issue = envelope.error.issues[0]!;
    const where = issue.path.join('.') || 'proposal';
    return reject('malformed_proposal', `${where}: ${issue.message}`);
  }
  const { tool: name, args, claims = {}, agent } = envelope.data;

  const tool = REGISTRY.get(name);
  if (!tool) {
    const near = nearestNames(name, [...REGISTRY.keys()]);
    const hint = near.length > 0 ? ` Nearest registered names: ${near.join(', ')}.` : '';
    return reject('unknown_tool', `No tool named "${name.slice(0, 128)}" is registered.${hint}`);
  }
  if (envelope.data.provider !== undefined && envelope.data.provider !== tool.provider) {
    return reject('unknown_tool', `The tool "${name}" has no provider "${envelope.data.provider.slice(0, 256)}".`);
  }

  const parsedArgs = tool.args.safeParse(args);
  if (!parsedArgs.success) return fromIssues(parsedArgs.error.issues, args, 'args');
  const parsedClaims = tool.claims.safeParse(claims);
  if (!parsedClaims.success) return fromIssues(parsedClaims.error.issues, claims, 'claims');

  return {
    ok: true,
    call: {
      tool: tool.name,
      provider: tool.provider,
      digest: tool.digest,
      privilege: tool.privilege,
      args: parsedArgs.data,
      claims: parsedClaims.data as Claims,
      agent: agent === undefined ? null : agent.slice(0, AGENT_TEXT_LIMIT),
    },
  };
}

/** Maps schema issues to H2/H3 codes; the first issue decides, all are named. */
function fromIssues(issues: z.core.$ZodIssue[], input: Record<string, unknown>, part: 'args' | 'claims'): Resolution {
  const reasons = issues.map((issue): Reason => {
    const path = [part, ...issue.path.map(String)].join('.');
    if (issue.code === 'unrecognized_keys') {
      const code = part === 'claims' ? 'unknown_claim' : 'unknown_param';
      return reason(
        code,
        `Undeclared ${part === 'claims' ? 'claim' : 'argument'} ${issue.keys.map((k) => `"${k.slice(0, 64)}"`).join(', ')}.`,
      );
    }
    const key = issue.path[0];
    if (issue.code === 'invalid_type' && typeof key === 'string' && !Object.hasOwn(input, key)) {
      return reason('missing_param', `${path} is required.`);
    }
    return reason('type_mismatch', `${path}: ${issue.message}`);
  });
  return { ok: false, reasons };
}
