import { z } from 'zod';

export const PrivilegeSchema = z.enum(['read', 'interact', 'commit', 'navigate', 'credential']);
export type Privilege = z.infer<typeof PrivilegeSchema>;

export const TrustTierSchema = z.enum(['builtin', 'top', 'same-site', 'cross-site']);
export type TrustTier = z.infer<typeof TrustTierSchema>;

/** What `warrant.tools()` lists: enough for an agent to form a call, and the digest it binds to. */
export const ToolDescriptorSchema = z.strictObject({
  name: z.string(),
  provider: z.string(),
  tier: TrustTierSchema,
  description: z.string(),
  privilege: PrivilegeSchema,
  inputSchema: z.record(z.string(), z.unknown()),
  claims: z.array(z.string()),
  digest: z.string(),
});
export type ToolDescriptor = z.infer<typeof ToolDescriptorSchema>;
