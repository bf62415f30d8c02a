/**
 * 0001: the unversioned prototype format ("v0") to version 1.
 *
 * v0 = {
 *   trustedSites?: string[]        sites whose certified commits needed no approval
 *   untrustedSites?: string[]      sites allowed nothing privileged
 *   requireApproval?: string[]     privileges that asked (default commit, navigate, credential); the rest were allowed
 *   blockUnsupported?: boolean     block instead of ask when evidence was missing
 *   askTimeoutMs?: number
 *   ocr?: boolean                  OCR before every action, or never
 *   navigationAllowlist?: string[] origins (https://docs.example)
 *   payees?: string[]
 *   interception?: { [site or '*']: 'off' | 'observe' | 'enforce' }
 * }
 *
 * Self-contained on purpose (no imports): it must turn the same v0 into the same v1 however the
 * live schema and defaults change later. The rows below are version 1's defaults, frozen here.
 * Anything it cannot read is an error, never a guess: a dropped `untrustedSites` would be permissive.
 */

type Json = Record<string, unknown>;

const PRIVILEGES = ['read', 'interact', 'commit', 'navigate', 'credential'];
const KNOWN = [
  'trustedSites',
  'untrustedSites',
  'requireApproval',
  'blockUnsupported',
  'askTimeoutMs',
  'ocr',
  'navigationAllowlist',
  'payees',
  'interception',
];
const TRUSTED_ROW_V1 = { read: 'allow', interact: 'allow', commit: 'allow', navigate: 'ask', credential: 'ask' };
const UNTRUSTED_ROW_V1 = { read: 'allow', interact: 'allow', commit: 'block', navigate: 'block', credential: 'block' };
const OCR_V1 = { read: false, interact: false, commit: true, navigate: false, credential: true };

function strings(v0: Json, key: string): string[] {
  const value = v0[key];
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw new Error(`${key}: expected a list of strings`);
  return value;
}

function typed<T>(v0: Json, key: string, type: string, fallback: T): T {
  const value = v0[key];
  if (value === undefined) return fallback;
  if (typeof value !== type) throw new Error(`${key}: expected a ${type}`);
  return value as T;
}

/** An origin becomes its host; what does not parse is kept as written for version 1 to reject. */
function hostOf(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return origin;
  }
}

function up(v0: Json): Json {
  const unknown = Object.keys(v0).filter((key) => !KNOWN.includes(key));
  if (unknown.length > 0) throw new Error(`unknown v0 keys: ${unknown.join(', ')}`);

  const approval = v0.requireApproval === undefined ? ['commit', 'navigate', 'credential'] : strings(v0, 'requireApproval');
  const unknownPrivilege = approval.find((privilege) => !PRIVILEGES.includes(privilege));
  if (unknownPrivilege !== undefined) throw new Error(`requireApproval: unknown privilege "${unknownPrivilege}"`);
  const defaultRow = Object.fromEntries(PRIVILEGES.map((p) => [p, approval.includes(p) ? 'ask' : 'allow']));

  const unsupported = typed(v0, 'blockUnsupported', 'boolean', false) ? 'block' : 'ask';
  const askTimeoutMs = typed(v0, 'askTimeoutMs', 'number', 120_000);
  const ocr = v0.ocr === undefined ? { ...OCR_V1 } : Object.fromEntries(PRIVILEGES.map((p) => [p, typed(v0, 'ocr', 'boolean', false)]));

  const interception = v0.interception ?? {};
  if (interception === null || typeof interception !== 'object' || Array.isArray(interception)) {
    throw new Error('interception: expected an object of sites');
  }
  const modes = interception as Json;

  // A Map, not an object: a site named `__proto__` must stay data, never reach a prototype.
  const sites = new Map<string, Json>();
  const rule = (site: string) => {
    const existing = sites.get(site) ?? {};
    sites.set(site, existing);
    return existing;
  };
  for (const site of strings(v0, 'trustedSites')) rule(site).trust = 'trusted';
  // Listed as both: the stricter reading wins.
  for (const site of strings(v0, 'untrustedSites')) rule(site).trust = 'untrusted';
  for (const [site, mode] of Object.entries(modes)) if (site !== '*') rule(site).interception = mode;

  return {
    version: 1,
    privileges: { trusted: { ...TRUSTED_ROW_V1 }, default: defaultRow, untrusted: { ...UNTRUSTED_ROW_V1 } },
    unsupported: { trusted: unsupported, default: unsupported, untrusted: 'block' },
    askTimeoutSeconds: Math.round(askTimeoutMs / 1_000),
    ocr,
    interception: modes['*'] ?? 'enforce',
    sites: Object.fromEntries(sites),
    allowlists: { navigation: strings(v0, 'navigationAllowlist').map(hostOf), payees: strings(v0, 'payees') },
  };
}

export const migration0001 = { id: '0001-unversioned-to-v1', from: 0, to: 1, up } as const;
