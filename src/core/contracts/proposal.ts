import { z } from 'zod';

/** What the assistant believes. Recorded and compared, never used as evidence. */
export const ClaimsSchema = z.strictObject({
  label: z.string().max(1_000).optional(),
  origin: z.string().max(2_048).optional(),
  href: z.string().max(8_192).optional(),
  value: z.string().max(10_000).optional(),
  fields: z.record(z.string().max(1_000), z.string().max(10_000)).optional(),
});
export type Claims = z.infer<typeof ClaimsSchema>;

/** The envelope of a proposal; `args` and `claims` are checked per tool by the resolver. */
export const ProposalEnvelopeSchema = z.strictObject({
  tool: z.string().min(1).max(128),
  provider: z.string().max(2_048).optional(),
  args: z.record(z.string().max(128), z.unknown()),
  claims: z.record(z.string().max(128), z.unknown()).optional(),
  agent: z.string().optional(),
});
export type ProposalEnvelope = z.infer<typeof ProposalEnvelopeSchema>;

export const AGENT_TEXT_LIMIT = 200;

export { PROPOSAL_LIMITS } from './limits';

/** The public shape of a proposal (DESIGN §3). Tools narrow `args` and `claims` further. */
export const ProposalSchema = ProposalEnvelopeSchema.extend({ claims: ClaimsSchema.optional() });
export type Proposal = z.infer<typeof ProposalSchema>;
