import type { Privilege, Trust } from '../contracts';

export type PrivilegeDefault = 'allow' | 'ask' | 'block';

/** What the gate reads of the policy: resolved for one site from the stored Policy by gatePolicyFor (resolve.ts). */
export type GatePolicy = {
  /** Certificates older than this are not evidence. */
  maxCertificateAgeMs: number;
  minConfidence: number;
  /** Who may vouch for observed facts. Page-supplied values are never evidence. */
  trustedSources: readonly Trust[];
  /** What an unsupported predicate leads to. */
  unsupported: 'ask' | 'block';
  /** What a fully supported action of each privilege class leads to. */
  privileges: Record<Privilege, PrivilegeDefault>;
};

export const DEFAULT_GATE_POLICY: GatePolicy = Object.freeze({
  maxCertificateAgeMs: 10_000,
  minConfidence: 0.9,
  trustedSources: Object.freeze(['browser', 'extension'] as const),
  unsupported: 'ask',
  privileges: Object.freeze({ read: 'allow', interact: 'allow', commit: 'ask', navigate: 'ask', credential: 'ask' }),
});
