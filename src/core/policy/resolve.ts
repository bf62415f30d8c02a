import type { Privilege } from '../contracts';
import { normalizeLabel, siteOf } from '../text';
import { DEFAULT_GATE_POLICY, type GatePolicy } from './policy';
import type { InterceptionMode, Policy, SiteRule, SiteTrust } from './schema';

/** The rule for the site of an origin or URL, matched by registrable domain. */
export function siteRuleFor(policy: Policy, originOrUrl: string | null): SiteRule | null {
  const site = originOrUrl === null ? null : siteOf(originOrUrl);
  // Own keys only: a host named `constructor` must not find Object.prototype's.
  if (site === null || !Object.hasOwn(policy.sites, site)) return null;
  return policy.sites[site]!;
}

/** Frames without a usable origin (opaque, unparsable) are untrusted: nothing vouches for them. */
export function siteTrustFor(policy: Policy, originOrUrl: string | null): SiteTrust {
  if (originOrUrl === null || siteOf(originOrUrl) === null) return 'untrusted';
  return siteRuleFor(policy, originOrUrl)?.trust ?? 'default';
}

export function destinationAllowed(policy: Policy, url: string): boolean {
  const site = siteOf(url);
  return site !== null && policy.allowlists.navigation.includes(site);
}

/**
 * What the gate reads for an action of a frame on `origin`. The evidence rules (age, confidence,
 * trusted sources) are not policy: a user cannot make page-supplied values into evidence.
 * With `destination`, an allowlisted navigation target lowers `navigate` to the site's `interact`.
 */
export function gatePolicyFor(policy: Policy, origin: string | null, context: { destination?: string } = {}): GatePolicy {
  const trust = siteTrustFor(policy, origin);
  const privileges = { ...policy.privileges[trust], ...siteRuleFor(policy, origin)?.privileges };
  if (context.destination !== undefined && destinationAllowed(policy, context.destination)) privileges.navigate = privileges.interact;
  return Object.freeze({
    maxCertificateAgeMs: DEFAULT_GATE_POLICY.maxCertificateAgeMs,
    minConfidence: DEFAULT_GATE_POLICY.minConfidence,
    trustedSources: DEFAULT_GATE_POLICY.trustedSources,
    unsupported: policy.unsupported[trust],
    privileges: Object.freeze(privileges),
  });
}

export function interceptionFor(policy: Policy, origin: string | null): InterceptionMode {
  return siteRuleFor(policy, origin)?.interception ?? policy.interception;
}

export function ocrFor(policy: Policy, privilege: Privilege): boolean {
  return policy.ocr[privilege];
}

export function askTimeoutMs(policy: Policy): number {
  return policy.askTimeoutSeconds * 1_000;
}

/** Exact after normalisation (NFKC, invisibles, case, spacing); a look-alike is not the payee. */
export function payeeAllowed(policy: Policy, payee: string): boolean {
  const wanted = normalizeLabel(payee);
  return wanted !== '' && policy.allowlists.payees.some((listed) => normalizeLabel(listed) === wanted);
}
