import type { Policy, PrivilegeTable } from './schema';

const freeze = <T>(value: T): T => {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) freeze(inner);
    Object.freeze(value);
  }
  return value;
};

const DEFAULT_ROW: PrivilegeTable = { read: 'allow', interact: 'allow', commit: 'ask', navigate: 'ask', credential: 'ask' };
// Sites the user vouches for may commit without asking; passwords and leaving the site still ask.
const TRUSTED_ROW: PrivilegeTable = { read: 'allow', interact: 'allow', commit: 'allow', navigate: 'ask', credential: 'ask' };
// A site marked hostile gets nothing privileged, not even a question the user might wave through.
const UNTRUSTED_ROW: PrivilegeTable = { read: 'allow', interact: 'allow', commit: 'block', navigate: 'block', credential: 'block' };

/** What a fresh install runs with. Its `default` row is DEFAULT_GATE_POLICY's. */
export const DEFAULT_POLICY: Policy = freeze({
  version: 1,
  privileges: { trusted: TRUSTED_ROW, default: DEFAULT_ROW, untrusted: UNTRUSTED_ROW },
  unsupported: { trusted: 'ask', default: 'ask', untrusted: 'block' },
  askTimeoutSeconds: 120,
  ocr: { read: false, interact: false, commit: true, navigate: false, credential: true },
  interception: 'enforce',
  sites: {},
  allowlists: { navigation: [], payees: [] },
});

/**
 * What runs when the stored or managed policy cannot be read: every site as if untrusted, no
 * allowlists, every check on. Never more permissive than any valid policy's untrusted row.
 */
export const STRICT_POLICY: Policy = freeze({
  version: 1,
  privileges: { trusted: UNTRUSTED_ROW, default: UNTRUSTED_ROW, untrusted: UNTRUSTED_ROW },
  unsupported: { trusted: 'block', default: 'block', untrusted: 'block' },
  askTimeoutSeconds: 120,
  ocr: { read: true, interact: true, commit: true, navigate: true, credential: true },
  interception: 'enforce',
  sites: {},
  allowlists: { navigation: [], payees: [] },
});
