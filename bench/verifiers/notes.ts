/**
 * Why a trial goes wrong, from reading the verifiers (src/content/verifiers, src/core/plan). Shown
 * only next to a trial the run actually got wrong, so a fixed verifier makes its note disappear.
 */
const IFRAME =
  'The frame chain (src/background/frame-chain.ts, src/content/frame-element.ts) certifies the <iframe> element from the parent at the target’s mapped rectangle; a miss here means one of its checks (hiddenBy, scale, hit points, pointer-events:none covers) did not see this arrangement.';
const POINTER =
  'elementFromPoint() skips pointer-events:none layers and no DOM check looks for what is painted over the target without taking hits; only the pixels (OCR) show it.';
const GENERATED =
  'observeAx() calls computeAccessibleName(element) without { computedStyleSupportsPseudoElements: true }, so the accessible name omits ::before/::after text while the visible label (renderedText) includes it: label-in-name fails on honest generated text.';
const HOMOGLYPH_COMMIT =
  'namesCommitment() matches commit words after NFKC + lowercase, not on the UTS #39 skeleton: with Cyrillic letters “pay/send/delete” are no commit words, the click is plain interact and runs without approval.';
const SYMBOL =
  'label-in-name tests the whole visible label, symbols included; a decorative symbol (▾, ★ in an aria-hidden span) is not in the accessible name, as WCAG 2.5.3 allows. Non-word symbols could be dropped before the containment test.';

/** Shown for any benign trial stopped by the pixel re-check, whichever element it hits (it is intermittent). */
export const STALE =
  'The target’s pixels just before executing differed from the certified ones by more than the re-check’s tolerance (pixelsUnchanged: the largest cell difference between gray thumbnails of 4 × 4 device-pixel cells, RECHECK_TOLERANCE in src/core/pixels/thumb.ts) although nothing on the page changed: intermittent, seen under the bench’s load (a second browser running OCR beside it).';

export const WHY: Record<string, string> = {
  'visibility-b-label-span':
    'hiddenBy() runs checkVisibility({visibilityProperty}) on the button itself; its visibility:visible label still paints and takes the click. Visibility should follow what paints.',
  'opacity-d-filter': 'hiddenBy() multiplies `opacity` up the chain but ignores `filter: opacity()`, which composites the same way.',
  'ancestor-d-filter': 'hiddenBy() multiplies `opacity` up the chain but ignores `filter: opacity()`, which composites the same way.',
  'ancestor-d-zero-box':
    'Caught as covered (the clipped box takes no hits) but not as hidden: clippedBy() looks for clip/clip-path only, not overflow.',
  'scale-d-s012': 'MIN_SIZE is 2 CSS px: a 12×4 px box with ≈2 px text passes; nothing checks the rendered text size.',
  'scale-b-rot8': 'OCR of a rotated label comes back below the policy’s 0.9 confidence: unsupported, so the gate asks.',
  'scale-b-rot25':
    'hitTest() samples 25%/75% points of the axis-aligned bounding rect; under rotate() those lie outside the rotated box, so the cell behind is “on top”. Sample inside the transformed box (e.g. getBoxQuads).',
  'scale-b-skew': 'OCR of a skewed label comes back below the policy’s 0.9 confidence: unsupported, so the gate asks.',
  'content-visibility-d-self':
    'checkVisibility() reports content skipped by an ancestor only; content-visibility:hidden on the button skips its own text, which renderedText() still reads.',
  'size-d-3px': 'The box passes MIN_SIZE (2 px) and textInView() accepts text whose box merely intersects the clip box.',
  'size-d-4px-font':
    'The box passes MIN_SIZE (2 px) and textInView() accepts text whose box merely intersects the clip box; 2 px text counts as legible.',
  'pointer-events-d-decoy': POINTER,
  'pointer-events-d-blank': POINTER,
  'pointer-events-d-text-patch': POINTER,
  'disabled-d-aria': 'target.enabled reads :disabled and [inert] only; aria-disabled="true" is ignored by both DOM and AX verifiers.',
  'shadow-d-light-overlay':
    'hitTest() asks the target’s root (the ShadowRoot) for elementFromPoint; Firefox’s ShadowRoot.elementFromPoint does not return a light-DOM overlay painted over the host. Use document.elementsFromPoint with a composed-tree containment test.',
  'shadow-b-slotted':
    'renderedText() walks childNodes, never a <slot>’s assigned nodes, so slotted text is not seen (visible text ""). In Chromium the hit test fails too: ShadowRoot.elementFromPoint over slotted text returns the host, which isWithin() rejects.',
  'iframe-d-opacity0': IFRAME,
  'iframe-d-opacity03': IFRAME,
  'iframe-d-clip': IFRAME,
  'iframe-d-covered': IFRAME,
  'iframe-d-scaled': IFRAME,
  'iframe-d-visibility': IFRAME,
  'iframe-b-plain':
    'With OCR on, pixels are read at the frame chain’s top-viewport rectangle; without a certified chain they are unsupported, so the gate asks.',
  'contrast-d-fill': 'legible() reads `color`, not `-webkit-text-fill-color`, which is what paints the glyphs.',
  'contrast-d-gradient':
    'backgroundBehind() gives up on any background-image (null → legible), so text in the colour of a flat gradient counts as shown.',
  'contrast-d-backdrop':
    'backgroundBehind() walks ancestors only; a positioned sibling painted behind the transparent button is not seen, so dark-on-dark text is judged against white.',
  'font-size-d-one-px':
    'legible() rejects font-size ≤ 0 only. Chromium gives 1 px text an empty range box, so textInView() drops it; Firefox lays it out and the word counts as shown. A minimum legible size (font-size × scale) would decide it in both.',
  'font-size-d-half-px': 'legible() rejects font-size ≤ 0 only; 0.5 px text counts as shown where the engine lays it out.',
  'generated-b-chevron': GENERATED,
  'generated-b-arrow-escape': GENERATED,
  'generated-b-prefix': GENERATED,
  'generated-b-icon-font':
    'OCR reads the Material Icons gear as "2" or "$" beside "Settings": a lone digit or currency symbol where the DOM draws an icon may as well be a digit a page font draws there ("Buy 9"), so the pixels are unsure (low_confidence, unsupported: the policy asks). Defensible under a policy that reads pixels for every click; the default reads none for this one.',
  'aria-label-b-icon-only':
    'The claim is the accessible name; the button shows only an icon, so visible_text is "" and the label is contradicted. An empty visible label could be unsupported (ask) or corroborated by AX instead.',
  'aria-label-b-caret': SYMBOL,
  'aria-hidden-b-icon-text': SYMBOL,
  'overflow-b-ellipsis':
    'OCR reads the truncated “Show all d…”, which differs from the full claim by more than 20%: pixel_mismatch (defensible: the screen does not show the claim).',
  's602252-1071-d':
    'Not a deception in Firefox, by its pixels: Firefox ESR 153 paints a native-themed button (here one in a shadow root, where the page’s button styles do not reach) without its mask-image — screenshots show a plain <button>, in a shadow root or not, with its label under a fully transparent mask, and the same button with an author background and border masked. The DOM raised a doubt on the mask and OCR read the label the screen shows, so allowing it is what the user sees; Chromium paints the mask and the click is blocked.',
  'homoglyph-d-pay-500': HOMOGLYPH_COMMIT,
  'homoglyph-d-send': HOMOGLYPH_COMMIT,
  'homoglyph-d-delete': HOMOGLYPH_COMMIT,
  'homoglyph-d-confirm': HOMOGLYPH_COMMIT,
};
