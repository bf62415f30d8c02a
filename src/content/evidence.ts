/**
 * Evidence and execution, the heavy half of a frame's bridge: the verifiers (visibility, paint,
 * glyphs, the accessibility name), the executor and the frame chain's handler. A frame loads it on
 * its first need — a proposal that names a target here, a command from the background, a child
 * frame's request to vouch for its frame element — not with the bridge after every page load
 * (bridge-main.ts): most frames never need it (issue 13 §1; its budget: scripts/frame-budget.ts).
 *
 * One file, like every frame module (scripts/vite/frame-modules.ts), and the only one that holds
 * the verifiers: the bridge and the loader (bridge.ts) both import this file, never a verifier.
 * What it keeps (the certified targets, what was performed) lives only here.
 */
import type { ContentRequest } from '../messages/content-background';
import type { Admitted } from './admission';
import { certifiedBox, certifiedElement, doubtsOf, rememberCertified } from './executor';
import { certifyTarget } from './verifiers/dom';
import { entranceEnded } from './verifiers/entry-animations';
import { nextPaint, renderTarget } from './verifiers/settle';
import { transitionsEnded } from './verifiers/view-transition';
import { layoutViewport } from './viewport';
import { quietOver, startWatch } from './watch';

export { execute, forget, settledFor } from './executor';
export { answerFrameRequest } from './frame-element';

/** What this frame found for an admitted call: the certificates, and what the background needs beside them. */
export type Evidence = Omit<Extract<ContentRequest, { kind: 'propose' }>, 'kind' | 'requestId' | 'proposal'>;

/** Gathers evidence for a built-in call that names a target in this frame, or none (page-wide actions). */
export async function certifyAdmitted(requestId: string, admitted: Admitted): Promise<Evidence> {
  const target = admitted.target;
  if (target === null) {
    // Page-wide actions (navigate, scroll without a target) have nothing to certify here.
    rememberCertified(requestId, null, null, 'frame');
    return { certificates: [] };
  }
  // A control in a section the browser has not rendered yet is judged once it has been (settle.ts).
  await renderTarget(target);
  await transitionsEnded();
  await entranceEnded(target);
  const started = performance.now();
  const evidence = certifyTarget(target, admitted.tool);
  const certifyMs = performance.now() - started;
  if (evidence.element)
    rememberCertified(requestId, target, evidence.element, evidence.digest, evidence.submission, doubtsOf(evidence.certificates));
  paintAfterCertified(requestId);
  return {
    certificates: evidence.certificates,
    certifyMs,
    devicePixelRatio: window.devicePixelRatio,
    // Where the target is in this document, for capturing it alone (viewport.ts): Firefox only,
    // whose captureVisibleTab takes a rect; Chromium's captures the whole viewport.
    viewport: __TARGET__ === 'firefox' && evidence.element ? layoutViewport(evidence.element) : undefined,
  };
}

/**
 * The paint that follows each recent certification here, waited for from the moment it ended: by
 * the time the background asks for it (the decision's capture, after the proposal's trip to the
 * background and back), it is often painted already — about 14 ms of every pixel-checked decision
 * was this wait, begun only then (Chromium, Dec 7). A paint after the certification is all the
 * capture needs: it shows the layout the DOM evidence describes, or a later one, as before.
 */
const paintsAfter = new Map<string, Promise<{ painted: boolean }>>();
/** How many recent requests each map below keeps. */
const REQUESTS_KEPT = 16;

/** Sets `key` in a map of recent requests, dropping the oldest beyond REQUESTS_KEPT. */
function keepRecent<V>(map: Map<string, V>, key: string, value: V): void {
  map.set(key, value);
  for (const old of map.keys()) {
    if (map.size <= REQUESTS_KEPT) break;
    map.delete(old);
  }
}

function paintAfterCertified(requestId: string): void {
  keepRecent(paintsAfter, requestId, nextPaint());
}

/**
 * Before the decision's capture (`after`: the request it certified), or before the re-check's
 * (`watch`): the target's area is then watched from now until its command.
 */
export function settle(watch: string | null | undefined, after?: string | null): Promise<{ painted: boolean }> {
  const element = watch ? certifiedElement(watch) : null;
  if (!watch && after) return paintsAfter.get(after) ?? nextPaint();
  if (!watch || !element) return nextPaint();
  // The background's early settle (begun during OCR) may still be waiting here when, after an ask,
  // it sends another: only the latest may start the watch, or the early one, ending later, would
  // restart it after the re-check's capture and forget a change it had seen (a review, Dec 7).
  const turn = (settleTurns.get(watch) ?? 0) + 1;
  keepRecent(settleTurns, watch, turn);
  return quietOver(element).then(() => {
    if (settleTurns.get(watch) !== turn) return { painted: false };
    startWatch(watch, element, certifiedBox(watch));
    return nextPaint();
  });
}

/** How many settles each recent request was sent: the latest is the one that watches. */
const settleTurns = new Map<string, number>();
