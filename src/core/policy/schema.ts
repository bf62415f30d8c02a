import { parse } from 'tldts';
import { z } from 'zod';
import { siteOf } from '../text';

/** The stored format. Bump it only together with a new migration in ./migrations. */
export const POLICY_VERSION = 1;

/** Bounds keep a pasted or managed policy from costing the background unbounded work per decision. */
export const POLICY_LIMITS = { sites: 1_000, allowlist: 1_000, payeeLength: 200, askTimeoutSeconds: { min: 5, max: 3_600 } };

export const PrivilegeDefaultSchema = z.enum(['allow', 'ask', 'block']);
export const SiteTrustSchema = z.enum(['trusted', 'default', 'untrusted']);
export type SiteTrust = z.infer<typeof SiteTrustSchema>;
export const InterceptionModeSchema = z.enum(['off', 'observe', 'enforce']);
export type InterceptionMode = z.infer<typeof InterceptionModeSchema>;
export const UnsupportedSchema = z.enum(['ask', 'block']);

const privilegeTable = <T extends z.ZodType>(value: T) =>
  z.strictObject({ read: value, interact: value, commit: value, navigate: value, credential: value });
const perTrust = <T extends z.ZodType>(value: T) => z.strictObject({ trusted: value, default: value, untrusted: value });

export const PrivilegeTableSchema = privilegeTable(PrivilegeDefaultSchema);
export type PrivilegeTable = z.infer<typeof PrivilegeTableSchema>;

/**
 * A site is written as its registrable domain (`bank.example`, never `www.bank.example`), so a
 * rule visibly covers everything it matches. Hosts without one (localhost, IPs) stand for themselves.
 */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;

export const SiteSchema = z
  .string()
  .min(1)
  .max(253)
  .superRefine((value, context) => {
    // Host characters only: this also keeps keys such as `__proto__` out of the sites record.
    const site = siteOf(`http://${value}/`);
    const parsed = parse(value, { allowPrivateDomains: true });
    if (parsed.domain === null && (parsed.isIcann || parsed.isPrivate)) {
      context.addIssue({ code: 'custom', message: `"${value}" is a public suffix, shared by unrelated sites; name one site` });
      return;
    }
    if (HOST.test(value) && site === value) return;
    const hint = site === null || !HOST.test(site) ? 'a host name such as bank.example' : site;
    context.addIssue({ code: 'custom', message: `"${value}" is not a site; write ${hint} (registrable domain, lowercase, punycode)` });
  });

export const SiteRuleSchema = z.strictObject({
  trust: SiteTrustSchema.optional(),
  interception: InterceptionModeSchema.optional(),
  /** Overrides of the trust level's row, e.g. `{ "credential": "allow" }` for a site trusted for sign-in. */
  privileges: PrivilegeTableSchema.partial().optional(),
});
export type SiteRule = z.infer<typeof SiteRuleSchema>;

export const SitesSchema = z.record(z.string(), SiteRuleSchema).superRefine((sites, context) => {
  const keys = Object.keys(sites);
  if (keys.length > POLICY_LIMITS.sites) context.addIssue({ code: 'custom', message: `At most ${POLICY_LIMITS.sites} sites.` });
  for (const key of keys) {
    const parsed = SiteSchema.safeParse(key);
    if (!parsed.success) context.addIssue({ code: 'custom', path: [key], message: parsed.error.issues[0]!.message });
  }
});

export const AllowlistsSchema = z.strictObject({
  /** Sites an agent may navigate to from any page as if it stayed on the page's own site. */
  navigation: z.array(SiteSchema).max(POLICY_LIMITS.allowlist),
  /** Payees (names or account identifiers) a payment may go to; compared as normalised labels. */
  payees: z.array(z.string().trim().min(1).max(POLICY_LIMITS.payeeLength)).max(POLICY_LIMITS.allowlist),
});

export const PolicySchema = z.strictObject({
  version: z.literal(POLICY_VERSION),
  /** What a fully certified action of each privilege leads to, by the trust of the acting site. */
  privileges: perTrust(PrivilegeTableSchema),
  /** What an action whose evidence is missing, stale, untrusted or unsure leads to. */
  unsupported: perTrust(UnsupportedSchema),
  askTimeoutSeconds: z.number().int().min(POLICY_LIMITS.askTimeoutSeconds.min).max(POLICY_LIMITS.askTimeoutSeconds.max),
  /** Whether the rendered pixels are read (OCR) before an action of each privilege. */
  ocr: privilegeTable(z.boolean()),
  /** Interception of assistants that bypass the page API, for sites without their own mode. */
  interception: InterceptionModeSchema,
  sites: SitesSchema,
  allowlists: AllowlistsSchema,
});
export type Policy = z.infer<typeof PolicySchema>;

/** Every key but the version may be set by an administrator through storage.managed. */
export const MANAGEABLE_KEYS = ['privileges', 'unsupported', 'askTimeoutSeconds', 'ocr', 'interception', 'sites', 'allowlists'] as const;
export type ManageableKey = (typeof MANAGEABLE_KEYS)[number];
