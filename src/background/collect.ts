import type { Certificate, Privilege } from '../core/contracts';
import { paintedThroughFrames } from '../core/pixels';
import {
  claimedLabel,
  claimNeedsPixels,
  hasLegibleText,
  navigationPrivilege,
  resolveTarget,
  targetOf,
  targetPrivilege,
} from '../core/plan';
import { ocrFor, type Policy } from '../core/policy';
import type { BuiltinCall } from '../core/resolver';
import type { Viewport } from '../messages/viewport';
import type { Outcome } from './audit-body';
import { rejected } from './conclude';
import {
  accessibleNameOf,
  browserOrigin,
  doubtsOf,
  hiddenTextOf,
  paintedOf,
  pictureRegionsOf,
  scopeToFrame,
  targetRectOf,
  textOf,
  unreadPictureOf,
} from './evidence';
import { settleFrame } from './execute';
import { subframeView } from './frame-chain';
import { mark } from './marks';
import { wordlessPictures } from './picture-regions';
import { certifyPixels, type PixelEvidence, type ScreenView, type Shot } from './pixels';
import { type FrameSender, frameKey, originOf } from './sender';
import { claimTyped, fieldKeys } from './typed-history';

/**
 * COLLECT EVIDENCE: everything the judge will weigh for one resolved built-in call — the frame's
 * certificates scoped to it, the browser's origin, the frame chain's certificate in a subframe, and
 * the pixels where the DOM cannot be sure. Nothing here decides.
 */
export type Evidence = {
  frame: string;
  selector: string | null;
  certificates: Certificate[];
  /** The call's privilege, refined by what the target is (core/plan privilege by effect). */
  privilege: Privilege;
  targetLabel: string | null;
  /** The target element's digest, which the executing frame checks again. */
  digest: string;
  /** Where the gate judged the action to lead: the link's, the form's or the call's URL. */
  judgedUrls: string[];
  /** Where the target was certified to POST a form (its request judged), or null: it may post none. */
  postsTo: string | null;
  /** Where the target is on the tab's screen: its own rect in the top frame, the chain's in a subframe. */
  view: ScreenView | null;
  /** Why the frame chain could not be certified, if it could not. */
  chainGap: string | null;
  /** Nothing legible shown and no text in the DOM that could be: an icon or image. */
  iconOnly: boolean;
  /**
   * Whether the pixels must corroborate the label (the plan then names the pixel predicates): not
   * where they were asked only whether an icon's picture shows words, and show none.
   */
  wantPixels: boolean;
  pixels: PixelEvidence | null;
  /** The re-check's settle, begun once the pixels were captured (its watch started); null where none was. */
  watching: Promise<boolean> | null;
};

type Proposal = { requestId: string; certificates: Certificate[]; devicePixelRatio?: number | undefined; viewport?: Viewport | undefined };

export async function collectEvidence(
  call: BuiltinCall,
  proposal: Proposal,
  sender: FrameSender,
  shot: Shot,
  policy: Policy,
): Promise<{ ok: true; evidence: Evidence } | { ok: false; outcome: Outcome }> {
  const frame = frameKey(sender);
  const certificates = [...scopeToFrame(proposal.certificates, frame), browserOrigin(frame, sender.frameOrigin, sender.frameUrl)];
  const selector = targetOf(call);
  let privilege = call.privilege;
  let targetLabel: string | null = null;
  let digest = 'frame';
  let postsTo: string | null = null;
  const judgedUrls: string[] = call.tool === 'navigate' ? [call.args.url] : [];
  if (selector !== null) {
    const target = resolveTarget(certificates, frame, selector);
    if (!target.ok) return { ok: false, outcome: rejected(target.reasons, call, certificates) };
    targetLabel = textOf(certificates);
    const accessibleName = accessibleNameOf(certificates);
    privilege = targetPrivilege(call.tool, call.privilege, target.element, {
      visibleText: targetLabel,
      accessibleName,
      frameOrigin: sender.frameOrigin,
      tabOrigin: originOf(sender.tabUrl),
      ...(call.tool === 'type'
        ? {
            typed: call.args.text,
            typedBefore: await claimTyped(sender.tabId, frame, fieldKeys(selector, target.element.field), call.args.text),
          }
        : {}),
    });
    digest = target.element.digest;
    for (const url of [target.element.href, target.element.submission?.action]) if (url) judgedUrls.push(url);
    postsTo = target.element.submission?.method === 'post' ? target.element.submission.action : null;
  } else if (call.tool === 'navigate') {
    privilege = navigationPrivilege(sender.frameOrigin, call.args.url);
  }

  let view: ScreenView | null = null;
  let chainGap: string | null = null;
  if (selector !== null) {
    // A subframe's target is where the frame chain (which every ancestor must certify) puts it, or nowhere.
    const seen = await subframeView(sender, frame, selector, certificates, proposal.devicePixelRatio, proposal.viewport);
    view = seen.view;
    chainGap = seen.gap;
    if (seen.certificate) certificates.push(seen.certificate);
  }
  // A label the DOM cannot certify beyond doubt is certified by the pixels or not at all, whatever
  // the privilege: without a reading the pixel predicates stay unsupported and the policy decides.
  // Pixels also corroborate a privileged click's label (where the policy wants them), and a value an
  // assistant claims to read must be visibly there.
  const doubts = selector !== null ? doubtsOf(certificates) : [];
  // A label painted away is not an icon. An icon's reading without words is no reading: unsupported,
  // not a mismatch (but below, where the pixels were asked only about its picture).
  const iconOnly = targetLabel !== null && !hasLegibleText(targetLabel) && !hiddenTextOf(certificates);
  const needsPixels =
    doubts.length > 0 ||
    claimNeedsPixels(call, targetLabel) ||
    (call.tool === 'click' && ocrFor(policy, privilege)) ||
    (call.tool === 'read' && call.claims.value !== undefined);
  // An icon whose picture the DOM cannot read may show words: the pixels say whether it does.
  const pictureUnread = selector !== null && iconOnly && unreadPictureOf(certificates);
  const rect = view?.rect ?? null;
  if (view) shot.useScreen(view.dpr, view.viewport);
  // So may a picture beside a label's text: read apart first; words there, and the pixels read the label (picture-regions.ts).
  const regions = selector !== null && !needsPixels && !pictureUnread ? pictureRegionsOf(certificates) : [];
  if (regions.length > 0) await settleFrame(sender, undefined, proposal.requestId);
  let pixels: PixelEvidence | null = regions.length > 0 ? await wordlessPictures(shot, frame, selector!, view, regions) : null;
  const labelNeedsPixels = needsPixels || (regions.length > 0 && pixels === null);
  const wantPixels = selector !== null && (labelNeedsPixels || pictureUnread);
  let watching: Promise<boolean> | null = null;
  if (wantPixels) {
    // The capture must show the layout the DOM evidence describes: wait for the frame to paint first
    // (once: the pictures' read above waited already).
    if (regions.length === 0) await settleFrame(sender, undefined, proposal.requestId);
    mark(proposal.requestId, 'pixels:settled');
    const read = await certifyPixels(shot, frame, selector, rect, {
      blankIsNoReading: iconOnly,
      drawn: targetLabel,
      expected: [targetLabel, claimedLabel(call)],
      painted: paintedThroughFrames(paintedOf(certificates), view?.turn, targetRectOf(certificates, selector)),
      // The re-check's settle (the target's area watched from then on, a paint after that) begins
      // as soon as the capture is taken, while OCR reads it: ~13 ms of a pixel-checked decision.
      // Used only by a decision allowed at once (pipeline.ts); after an ask the watch starts anew.
      captured: () => {
        watching = settleFrame(sender, proposal.requestId);
      },
    });
    if (read) certificates.push(...read.certificates);
    pixels = read;
    mark(proposal.requestId, 'pixels:read');
  }
  // Asked only whether the icon's picture shows words, pixels that show none leave it its name, as
  // an icon the DOM can read is (a magnifier read as "Q" is no word: core/plan readsWords). Read
  // words must be its name (the plan's pixel predicate); no reading at all is unsupported.
  const pictureWithoutWords = pictureUnread && !labelNeedsPixels && pixels !== null && pixels.words === false;
  const evidence = {
    frame,
    selector,
    certificates,
    privilege,
    targetLabel,
    digest,
    judgedUrls,
    postsTo,
    view,
    chainGap,
    iconOnly,
    wantPixels: wantPixels && !pictureWithoutWords,
    pixels,
    watching,
  };
  return { ok: true, evidence };
}
