import { DEFAULT_POLICY, STRICT_POLICY } from './defaults';
import { formatPolicyPath, type PolicyIssue, policyIssues } from './issues';
import { MIGRATIONS } from './migrations';
import { POLICY_VERSION, type Policy, PolicySchema } from './schema';

export type ParsedPolicy = { ok: true; policy: Policy; fromVersion: number } | { ok: false; errors: PolicyIssue[] };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** Brings JSON of any known version up to the current one and validates it. Unversioned JSON is v0. */
export function parsePolicy(input: unknown): ParsedPolicy {
  if (!isPlainObject(input)) return failure('(policy)', 'The policy must be a JSON object.');
  const version = input.version ?? 0;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return failure('version', 'The version must be a whole number.');
  }
  if (version > POLICY_VERSION) {
    return failure('version', `Written by a newer Warrant (version ${version}); this one reads up to version ${POLICY_VERSION}.`);
  }
  let json: Record<string, unknown> = input;
  for (const migration of MIGRATIONS.filter((m) => m.from >= version)) {
    const { version: _, ...rest } = json;
    try {
      json = { ...migration.up(rest), version: migration.to };
    } catch (error) {
      return failure('(policy)', `Migration ${migration.id} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // zod drops `__proto__` keys without a word; a dropped entry must be an error, not a silent loss.
  const hidden = protoKeyPath(input) ?? protoKeyPath(json);
  if (hidden !== null) return failure(formatPolicyPath(hidden), 'The key "__proto__" is not allowed.');
  const parsed = PolicySchema.safeParse(json);
  if (!parsed.success) return { ok: false, errors: policyIssues(parsed.error) };
  return { ok: true, policy: parsed.data, fromVersion: version };
}

export type Migrated = { policy: Policy; errors: PolicyIssue[]; fromVersion: number | null };

/**
 * The user's stored policy, current and valid. Nothing stored means the defaults; anything
 * unreadable means STRICT_POLICY and the errors, never a silently more permissive policy.
 */
export function migrate(stored: unknown): Migrated {
  if (stored === undefined || stored === null) return { policy: DEFAULT_POLICY, errors: [], fromVersion: null };
  const parsed = parsePolicy(stored);
  if (!parsed.ok) return { policy: STRICT_POLICY, errors: parsed.errors, fromVersion: null };
  return { policy: parsed.policy, errors: [], fromVersion: parsed.fromVersion };
}

function protoKeyPath(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key === '__proto__') return [...path, key];
    const found = protoKeyPath(inner, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found !== null) return found;
  }
  return null;
}

function failure(path: string, message: string): ParsedPolicy {
  return { ok: false, errors: [{ path, message }] };
}
