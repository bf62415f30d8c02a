import { STRICT_POLICY } from './defaults';
import { policyIssues, type SourcedPolicyIssue } from './issues';
import { migrate } from './migrate';
import { MANAGEABLE_KEYS, type ManageableKey, type Policy, PolicySchema } from './schema';

export type EffectivePolicy = {
  /** What decisions use. */
  policy: Policy;
  /** Keys an administrator set: they win over the user's and are locked in the options page. */
  locked: ManageableKey[];
  errors: SourcedPolicyIssue[];
  /** The stored policy's version before migration, when it was valid; null when nothing was stored. */
  fromVersion: number | null;
  /** The user's own policy, migrated (STRICT_POLICY when it is invalid). */
  user: Policy;
};

/**
 * The user's stored policy with the managed keys on top. An invalid managed policy makes the
 * whole result STRICT_POLICY: keeping the valid half of an administrator's policy could drop the
 * very entry (an untrusted site, a block) that made the rest safe.
 */
export function effectivePolicy(stored: unknown, managed: unknown): EffectivePolicy {
  const user = migrate(stored);
  const errors: SourcedPolicyIssue[] = user.errors.map((issue) => ({ ...issue, source: 'stored' }));
  const base = { user: user.policy, fromVersion: user.fromVersion };

  const area = managed ?? {};
  if (typeof area !== 'object' || Array.isArray(area)) {
    errors.push({ source: 'managed', path: '(policy)', message: 'Managed storage is not an object.' });
    return { ...base, policy: STRICT_POLICY, locked: [], errors };
  }
  const entries = Object.entries(area);
  const locked = MANAGEABLE_KEYS.filter((key) => Object.hasOwn(area, key));
  // Chromium drops keys its schema does not declare; Firefox checks nothing, so a typo lands here.
  for (const [key] of entries.filter(([key]) => !(MANAGEABLE_KEYS as readonly string[]).includes(key))) {
    errors.push({ source: 'managed', path: key, message: `"${key}" is not a policy setting.` });
  }
  const combined = { ...user.policy, ...Object.fromEntries(entries.filter(([key]) => locked.includes(key as ManageableKey))) };
  const parsed = PolicySchema.safeParse(combined);
  if (!parsed.success) errors.push(...policyIssues(parsed.error).map((issue) => ({ ...issue, source: 'managed' as const })));
  if (errors.some((issue) => issue.source === 'managed') || !parsed.success) return { ...base, policy: STRICT_POLICY, locked, errors };
  return { ...base, policy: parsed.data, locked, errors };
}
