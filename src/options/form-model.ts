import { parse } from 'tldts';
import {
  DEFAULT_POLICY,
  InterceptionModeSchema,
  POLICY_LIMITS,
  type Policy,
  PolicySchema,
  PrivilegeDefaultSchema,
  SiteRuleSchema,
  SiteSchema,
  SiteTrustSchema,
  UnsupportedSchema,
} from '../core/policy';
import { siteOf } from '../core/text';

/**
 * The settings form over the policy JSON, without the DOM: what the form shows is read leniently
 * from whatever the JSON editor holds (a value that does not fit shows the default), and each
 * control writes only its own place, so what the form does not show (a broken entry, a key it
 * does not know) stays as it is. The background validates what is saved.
 */
export type Json = Record<string, unknown>;

export const TRUSTS = SiteTrustSchema.options;
export const PRIVILEGES = ['read', 'interact', 'commit', 'navigate', 'credential'] as const;
export const DECISIONS = PrivilegeDefaultSchema.options;
export const UNSUPPORTED = UnsupportedSchema.options;
export const MODES = InterceptionModeSchema.options;
export type Trust = (typeof TRUSTS)[number];
export type PrivilegeName = (typeof PRIVILEGES)[number];
export type ListName = 'navigation' | 'payees';

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const pick = <T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, value: unknown, fallback: T): T => {
  const parsed = schema.safeParse(value);
  return parsed.success ? (parsed.data as T) : fallback;
};
const at = (json: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((value, key) => (isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined), json);

/** The object at `key` of `json`, made one (an object) if it is anything else. */
function child(json: Json, key: string): Json {
  const value = json[key];
  if (isObject(value)) return value;
  const made: Json = {};
  json[key] = made;
  return made;
}

/** A copy of the JSON for the form to edit: an object (anything else starts over from the defaults), never frozen. */
export function editable(json: unknown): Json {
  return structuredClone(isObject(json) ? json : DEFAULT_POLICY) as Json;
}

export const readCell = (json: unknown, trust: Trust, privilege: PrivilegeName) =>
  pick(PrivilegeDefaultSchema, at(json, 'privileges', trust, privilege), DEFAULT_POLICY.privileges[trust][privilege]);
export const readUnsupported = (json: unknown, trust: Trust) =>
  pick(UnsupportedSchema, at(json, 'unsupported', trust), DEFAULT_POLICY.unsupported[trust]);
export const readOcr = (json: unknown, privilege: PrivilegeName) => {
  const value = at(json, 'ocr', privilege);
  return typeof value === 'boolean' ? value : DEFAULT_POLICY.ocr[privilege];
};
export const readInterception = (json: unknown) => pick(InterceptionModeSchema, at(json, 'interception'), DEFAULT_POLICY.interception);
/** The timeout as typed: a number, or the text that is not one, so the field keeps what the user wrote. */
export const readTimeout = (json: unknown): string => {
  const value = at(json, 'askTimeoutSeconds');
  return typeof value === 'number' || typeof value === 'string' ? String(value) : String(DEFAULT_POLICY.askTimeoutSeconds);
};

export function writeCell(json: Json, trust: Trust, privilege: PrivilegeName, value: string): void {
  child(child(json, 'privileges'), trust)[privilege] = value;
}
export function writeUnsupported(json: Json, trust: Trust, value: string): void {
  child(json, 'unsupported')[trust] = value;
}
export function writeOcr(json: Json, privilege: PrivilegeName, value: boolean): void {
  child(json, 'ocr')[privilege] = value;
}
/** A whole number stays a number; anything else is kept as typed, for the background to name. */
export function writeTimeout(json: Json, text: string): void {
  const trimmed = text.trim();
  json.askTimeoutSeconds = /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** A site's own choice for a privilege: a decision, or '' when it follows its trust level's row. */
export type Override = (typeof DECISIONS)[number] | '';

export type SiteRow = {
  site: string;
  trust: Trust;
  interception: string;
  /** Its own privilege overrides (sites[site].privileges): '' where it follows its trust level. */
  privileges: Record<PrivilegeName, Override>;
};

/** Every entry of `sites`, in the JSON's order; an entry that is not a rule shows as default trust. */
export function readSites(json: unknown): SiteRow[] {
  const sites = at(json, 'sites');
  if (!isObject(sites)) return [];
  return Object.entries(sites).map(([site, rule]) => {
    const parsed = SiteRuleSchema.safeParse(rule);
    const value = parsed.success ? parsed.data : {};
    const privileges = Object.fromEntries(
      PRIVILEGES.map((privilege) => [privilege, pick<Override>(PrivilegeDefaultSchema, at(rule, 'privileges', privilege), '')]),
    ) as Record<PrivilegeName, Override>;
    return { site, trust: value.trust ?? 'default', interception: value.interception ?? '', privileges };
  });
}

/** `interception: ''` means the site follows the policy's own mode: the key is removed. */
export function writeSite(json: Json, site: string, change: { trust?: string; interception?: string }): void {
  const rule = child(child(json, 'sites'), site);
  if (change.trust !== undefined) rule.trust = change.trust;
  if (change.interception === '') delete rule.interception;
  else if (change.interception !== undefined) rule.interception = change.interception;
}

/**
 * A site's own decision for one privilege; '' removes it (the site follows its trust level's row),
 * and `privileges` goes when nothing is left in it. Other keys of the rule stay as they are.
 */
export function writeSiteOverride(json: Json, site: string, privilege: PrivilegeName, value: string): void {
  const rule = child(child(json, 'sites'), site);
  if (value !== '') {
    child(rule, 'privileges')[privilege] = value;
    return;
  }
  const privileges = rule.privileges;
  if (!isObject(privileges)) return;
  delete privileges[privilege];
  if (Object.keys(privileges).length === 0) delete rule.privileges;
}

export function removeSite(json: Json, site: string): void {
  const sites = at(json, 'sites');
  if (isObject(sites)) delete sites[site];
}

/** The list's entries as typed (strings only; anything else is not shown and is dropped on edit). */
export function readList(json: unknown, list: ListName): string[] {
  const value = at(json, 'allowlists', list);
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

export function writeList(json: Json, list: ListName, entries: readonly string[]): void {
  const allowlists = child(json, 'allowlists');
  for (const other of ['navigation', 'payees'] as const) if (!Array.isArray(allowlists[other])) allowlists[other] = [];
  allowlists[list] = [...entries];
}

/** Why a typed site is not one, as the core's own validator sees it; `hint` is the site to write instead. */
export type SiteProblem =
  | { problem: 'empty' }
  | { problem: 'publicSuffix' }
  | { problem: 'notSite'; hint: string | null }
  | { problem: 'duplicate' };

export function checkSite(typed: string, existing: readonly string[] = []): SiteProblem | null {
  const value = typed.trim();
  if (value === '') return { problem: 'empty' };
  if (SiteSchema.safeParse(value).success) return existing.includes(value) ? { problem: 'duplicate' } : null;
  const parsed = parse(value, { allowPrivateDomains: true });
  if (parsed.domain === null && (parsed.isIcann || parsed.isPrivate)) return { problem: 'publicSuffix' };
  // A pasted address or a subdomain: the registrable domain it belongs to, if the validator takes it.
  const hint = siteOf(value.includes('://') ? value : `http://${value}/`);
  return { problem: 'notSite', hint: hint !== null && hint !== value && SiteSchema.safeParse(hint).success ? hint : null };
}

export type PayeeProblem = { problem: 'empty' } | { problem: 'tooLong'; max: number } | { problem: 'duplicate' };

export function checkPayee(typed: string, existing: readonly string[] = []): PayeeProblem | null {
  const value = typed.trim();
  if (value === '') return { problem: 'empty' };
  if (value.length > POLICY_LIMITS.payeeLength) return { problem: 'tooLong', max: POLICY_LIMITS.payeeLength };
  return existing.includes(value) ? { problem: 'duplicate' } : null;
}

/** Whether the form's JSON is a valid policy as it stands (the background checks again on save). */
export const isValidPolicy = (json: unknown): json is Policy => PolicySchema.safeParse(json).success;
