import { getDomain, getPublicSuffix, parse } from 'tldts';
import { foldedSkeleton } from './confusables';
import { hostToUnicode } from './punycode';
import { isMixedScript } from './scripts';

export type LookalikeReason = 'same-site' | 'homograph' | 'trusted-name-in-subdomain' | 'mixed-script' | 'unrelated' | 'invalid-host';

export interface DomainLookalike {
  /** Same registrable domain (private suffixes included), so not an impersonation at all. */
  sameSite: boolean;
  /** A different site that reads as the trusted one: a homograph, or the trusted name worn as a subdomain. */
  confusable: boolean;
  /** Some label of the candidate mixes scripts, e.g. Latin with Cyrillic: suspicious whatever it is compared with. */
  mixedScript: boolean;
  reason: LookalikeReason;
  /** The candidate as a user reads it, `xn--` labels decoded; null when it is not a valid host. */
  display: string | null;
}

interface Host {
  ascii: string;
  unicode: string;
  site: string;
  siteUnicode: string;
}

/**
 * Canonical form through the WHATWG URL parser, which is what the browser will actually connect
 * to: IDNA mapping turns fullwidth and other compatibility forms into ASCII, and Unicode labels
 * into `xn--`. Anything carrying URL syntax is refused rather than resolved, since `a.com@b.com`
 * as a "host" is an attack, not a host.
 */
function parseHost(input: string): Host | null {
  const trimmed = input.trim();
  if (trimmed === '' || /[\s/?#@\\]/u.test(trimmed)) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${trimmed}`).hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
  const site = getDomain(ascii, { allowPrivateDomains: true }) ?? ascii;
  const unicode = hostToUnicode(ascii);
  const siteUnicode = hostToUnicode(site);
  if (ascii === '' || unicode === null || siteUnicode === null) return null;
  return { ascii, unicode, site, siteUnicode };
}

/**
 * Whether `candidateHost` impersonates `trustedHost`. Skeletons are compared case-folded because
 * hostnames are case-insensitive: `paypa1.com`, `pаypal.com` (Cyrillic а, `xn--pypal-4ve.com`)
 * and `rnicrosoft.com` all come out confusable with their originals.
 */
export function domainLookalike(candidateHost: string, trustedHost: string): DomainLookalike {
  const candidate = parseHost(candidateHost);
  const trusted = parseHost(trustedHost);
  if (candidate === null || trusted === null) {
    return { sameSite: false, confusable: false, mixedScript: false, reason: 'invalid-host', display: candidate?.unicode ?? null };
  }
  const mixedScript = candidate.unicode.split('.').some(isMixedScript);
  const result = (sameSite: boolean, confusable: boolean, reason: LookalikeReason): DomainLookalike => ({
    sameSite,
    confusable,
    mixedScript,
    reason,
    display: candidate.unicode,
  });
  if (candidate.site === trusted.site) return result(true, false, 'same-site');
  const trustedKey = foldedSkeleton(trusted.siteUnicode);
  if (foldedSkeleton(candidate.siteUnicode) === trustedKey) return result(false, true, 'homograph');
  // `paypal.com.evil.net`: the trusted name as whole labels, followed by the real site.
  if (`.${foldedSkeleton(candidate.unicode)}`.includes(`.${trustedKey}.`) && !countryTwin(candidate, trusted))
    return result(false, true, 'trusted-name-in-subdomain');
  return result(false, false, mixedScript ? 'mixed-script' : 'unrelated');
}

/**
 * `amazon.com.au` under amazon.com, `google.com.br` under google.com: the trusted site's own ASCII
 * name under its suffix and a country code, an ICANN suffix with no private one in play. Nothing
 * offline tells the brand's twin from a squatter's, so it is another site, asked about like any other
 * the link leaves for, not blocked as a lookalike (that blocked every country switcher of those
 * sites: Dec 7). Anything else wearing the name stays a lookalike: a hosting platform's
 * `paypal.com.netlify.app`, a private suffix's `paypal.com.de` or `bank.co.uk.com`, a homograph
 * of a twin (a review of the first version, which let those through).
 */
function countryTwin(candidate: Host, trusted: Host): boolean {
  // Looked up only here, for a host that wears the name: not for every host compared.
  const icann = parse(candidate.ascii, { allowPrivateDomains: false });
  if (icann.domain !== candidate.site || icann.publicSuffix === null) return false;
  const suffix = getPublicSuffix(trusted.ascii, { allowPrivateDomains: true }) ?? '';
  const country = icann.publicSuffix.slice(suffix.length + 1);
  if (!/^[a-z]{2}$/u.test(country) || icann.publicSuffix !== `${suffix}.${country}`) return false;
  return icann.domainWithoutSuffix === trusted.site.slice(0, trusted.site.length - suffix.length - 1);
}
