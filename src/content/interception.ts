import browser from 'webextension-polyfill';
import { type ContentRequest, ObservationSchema } from '../messages/content-background';

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
