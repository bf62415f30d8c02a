/**
 * The bridge's entry module, which the port keeper (bridge.iife.ts) imports on demand — no content
 * script loads it, so a page that never talks to Warrant, and whose frame vouches for no child,
 * loads no module at all (issue 13 §1: until Dec 6 a loader content script requested it in every
 * frame, at document_start in Chromium and document_idle in Firefox).
 *
 * - At the page API's first message: the bridge proper (bridge-main.ts: the page's port and relays;
 *   it loads the verifiers and executor, evidence.ts, on the frame's first need for them). Until
 *   then the keeper holds what the page sends. Nothing else needs it first: the background sends a
 *   frame commands only about a proposal or page tool that frame's page sent.
 * - At a frame chain request (messages/frame-chain.ts), so that a parent whose page never talked
 *   to Warrant can still vouch for its frame element: the handler (frame-element.ts, part of the
 *   evidence module).
 */
import { portKeeper } from './port-keeper';

let started = false;

/** Loads the bridge proper and hands it the port keeper's queue (once). */
export function start(): void {
  if (started || !portKeeper()) return;
  started = true;
  void import('./bridge-main').then((bridge) => bridge.takePort());
}

/** Answers one frame chain request (already checked by the keeper to come from the background). */
export function answerFrameRequest(message: unknown): Promise<unknown> {
  return import('./evidence').then((module) => module.answerFrameRequest(message));
}
