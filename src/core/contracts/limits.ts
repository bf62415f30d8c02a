/** Limits enforced before any schema work, so hostile shapes cost little. */
export const PROPOSAL_LIMITS = {
  maxBytes: 256 * 1024,
  maxDepth: 12,
  maxKeys: 512,
  maxStringLength: 64 * 1024,
} as const;
