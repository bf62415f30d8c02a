import type { z } from 'zod';
import { firstImpersonation } from './destinations';
import { OriginValueSchema, type UiElementValueSchema } from './observations';
import { fails, holds, onElement, type Predicate, sameOrigin } from './predicates';

/** Where links and navigations go: lookalike destinations, and claims of a link's destination. */

export { destinationsOf, firstImpersonation, impersonation } from './destinations';

type Element = z.infer<typeof UiElementValueSchema>;

/** A navigation must not go to a site that imitates the frame's own (checked on the browser's origin), or the tab's. */
export function destinationGenuine(url: string, tabOrigin: string | null = null): Predicate<z.infer<typeof OriginValueSchema>> {
  return {
    name: 'destination.genuine',
    certificate: 'origin',
    scope: 'frame',
    value: OriginValueSchema,
    evaluate: (v) => {
      const problem = impersonatingAny(url, tabOrigin ? [v.origin, tabOrigin] : v.origin);
      return problem === null ? holds : fails('lookalike_domain', problem);
    },
  };
}

/**
 * A claimed destination of a click must be where the target's link goes: the URL the page
 * resolved (its <base> included), compared whole for `href`, by origin for `origin`.
 */
export function linkGoesTo(href: string | undefined, origin: string | undefined): Predicate<Element> {
  return onElement('target.link.destination', (v) => {
    if (v.href === null) return fails('destination_mismatch', 'The target follows no link.');
    let actual: URL;
    try {
      actual = new URL(v.href);
    } catch {
      return fails('destination_mismatch', 'The link the target follows is not a URL.');
    }
    if (href !== undefined && canonicalUrl(href) !== actual.href)
      return fails('destination_mismatch', `The link goes to ${actual.href.slice(0, 200)}, not the claimed ${href.slice(0, 200)}.`);
    if (origin !== undefined && !sameOrigin(origin, actual.origin))
      return fails('destination_mismatch', `The link goes to ${actual.origin.slice(0, 120)}, not the claimed ${origin.slice(0, 120)}.`);
    return holds;
  });
}

/** The first way `url` (or a destination it carries) imitates one of the `sites`' origins, or null. */
export function impersonatingAny(url: string, sites: string | readonly string[]): string | null {
  for (const site of typeof sites === 'string' ? [sites] : sites) {
    const problem = firstImpersonation(url, site);
    if (problem !== null) return problem;
  }
  return null;
}

function canonicalUrl(url: string): string | null {
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}

/** A link the target follows must not lead to a site that imitates the frame's own, or the tab's (`sites`: their origins). */
export function linkGenuine(sites: string | readonly string[]): Predicate<Element> {
  return onElement('target.link.genuine', (v) => {
    const problem = v.href === null ? null : impersonatingAny(v.href, sites);
    return problem === null ? holds : fails('lookalike_domain', problem);
  });
}
