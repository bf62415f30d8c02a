import browser from 'webextension-polyfill';
import { z } from 'zod';
import { type ContentRequest, ObservationSchema } from '../messages/content-background';
import type { InterceptionModeMessage } from '../messages/page-bridge';

const ModeSchema = z.enum(['off', 'observe', 'enforce']);

/**
 * Asks the background for this frame's interception mode (the policy, for the site the browser
 * says this frame is on) and hands it to the MAIN-world interceptor. Without an answer the
 * interceptor keeps its default.
 */
export async function deliverInterceptionMode(post: (message: InterceptionModeMessage) => void): Promise<void> {
  try {
    const request: ContentRequest = { kind: 'interception:mode' };
    const mode = ModeSchema.safeParse(await browser.runtime.sendMessage(request));
    if (mode.success) post({ kind: 'interception-mode', mode: mode.data });
  } catch {
    // The background is unreachable: the default stays, which is the safe one.
  }
}

/** Relays an observation to the audit; anything that does not fit the schema is dropped. */
export function relayObservation(json: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return;
  }
  const observation = ObservationSchema.safeParse(parsed);
  if (!observation.success) return;
  const request: ContentRequest = { kind: 'interception:observed', observation: observation.data };
  browser.runtime.sendMessage(request).catch(() => undefined);
}
