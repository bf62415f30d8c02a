import type { Privilege } from '../contracts';
import { foldedSkeleton, normalizeLabel, sameSite } from '../text';
import { COMMIT_WORDS, COMMIT_WORDS_ZH } from './commit-words';
import type { UiElementValue } from './observations';

export function namesCommitment(label: string): boolean {
  // A lookalike spelling ("Раy" with Cyrillic letters, "Rҽmoѵe") commits the user just the same:
  // the label's skeleton is compared with the words' skeletons (UTS #39 maps "m" to "rn", so a
  // skeleton is only ever compared with another skeleton).
  const plain = normalizeLabel(label);
  const skeleton = normalizeLabel(foldedSkeleton(label));
  const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u);
  const plainWords = words(plain);
  const skeletonWords = words(skeleton);
  return (
    COMMIT_WORDS.some((word) => plainWords.includes(word)) ||
    COMMIT_SKELETONS.some((word) => skeletonWords.includes(word)) ||
    COMMIT_WORDS_ZH.some((word) => plain.includes(word) || skeleton.includes(word))
  );
}

const COMMIT_SKELETONS: readonly string[] = COMMIT_WORDS.map((word) => normalizeLabel(foldedSkeleton(word)));

/** What the extension observed that names or locates the target; never the assistant's claim. */
export type TargetContext = { visibleText: string | null; accessibleName?: string | null; frameOrigin?: string | null };

/**
 * The privilege of clicking this element, from what was observed of it. Submitting a form, a
 * download, and a control whose visible text or accessible name names a commitment are commits;
 * a form with a password field makes its submission a credential action; a link to another site
 * is a cross-site navigation.
 */
export function clickPrivilege(element: UiElementValue, context: TargetContext | string | null): Privilege {
  const {
    visibleText,
    accessibleName = null,
    frameOrigin = null,
  } = typeof context === 'object' && context !== null ? context : { visibleText: context };
  if (element.isSubmit && element.formHasPassword) return 'credential';
  if (element.isSubmit || element.download) return 'commit';
  if ([visibleText, accessibleName].some((name) => name !== null && namesCommitment(name))) return 'commit';
  if (element.href !== null && frameOrigin !== null && !sameSite(frameOrigin, element.href)) return 'navigate';
  return 'interact';
}

/** The privilege of a built-in call on an observed element: raised by what the target is. */
export function targetPrivilege(tool: string, base: Privilege, element: UiElementValue, context: TargetContext | string | null): Privilege {
  if (tool === 'click') return clickPrivilege(element, context);
  if (tool === 'type' && (element.isPassword || element.isPayment)) return 'credential';
  if (tool === 'submit') return element.formHasPassword ? 'credential' : 'commit';
  return base;
}

/**
 * A navigation within the frame's own site needs no more than a click; leaving the site (by
 * registrable domain) is the `navigate` privilege.
 */
export function navigationPrivilege(frameOrigin: string | null, url: string): Privilege {
  return sameSite(frameOrigin, url) ? 'interact' : 'navigate';
}
