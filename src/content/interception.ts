import type { ContentRequest } from '../messages/content-background';
import { sendToBackground } from './runtime';

/**
 * Relays an observation to the audit. The background validates it on receipt (ObservationSchema)
 * and drops anything that does not fit; here only JSON that parses leaves.
 */
export function relayObservation(json: string): void {
  let observation: unknown;
  try {
    observation = JSON.parse(json);
  } catch {
    return;
  }
  const request = { kind: 'interception:observed', observation } as ContentRequest;
  sendToBackground(request).catch(() => undefined);
}
