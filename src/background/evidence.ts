import type { Certificate } from '../core/contracts';
import { type VisibleTextValue, VisibleTextValueSchema } from '../core/plan';

type Painted = NonNullable<VisibleTextValue['painted']>;

/**
 * The content script can only speak for its own frame; anything scoped elsewhere is dropped, and so
 * is what only the background may issue (the frame chain, which a frame cannot vouch for itself).
 */
export function scopeToFrame(certificates: readonly Certificate[], frame: string): Certificate[] {
  return certificates
    .filter((c) => c.region.frame === 'self' && c.trust !== 'browser' && c.source !== 'browser' && c.type !== 'frame_chain')
    .map((c) => ({ ...c, region: { ...c.region, frame } }));
}

/** The frame's origin as the browser reports it: the only evidence an origin predicate accepts. */
export function browserOrigin(frame: string, origin: string | null, url: string): Certificate {
  return {
    id: `b-${crypto.randomUUID()}`,
    type: 'origin',
    value: { origin: origin ?? 'null', url },
    region: { frame },
    source: 'browser',
    verifier: 'browser-sender@1',
    confidence: 1,
    time: Date.now(),
    trust: 'browser',
  };
}

export function textOf(certificates: readonly Certificate[]): string | null {
  const value = certificates.find((c) => c.type === 'visible_text')?.value as { text?: unknown } | undefined;
  return typeof value?.text === 'string' ? value.text : null;
}

/** Whether the DOM holds text for the target's label that the screen does not show (not an icon). */
export function hiddenTextOf(certificates: readonly Certificate[]): boolean {
  const value = certificates.find((c) => c.type === 'visible_text')?.value as { hiddenText?: unknown } | undefined;
  return value?.hiddenText === true;
}

/** How the target's label is painted (rotation/skew and its own box), for turning the crop upright. */
export function paintedOf(certificates: readonly Certificate[]): Painted | null {
  const value = certificates.find((c) => c.type === 'visible_text')?.value as { painted?: unknown } | undefined;
  const parsed = VisibleTextValueSchema.shape.painted.safeParse(value?.painted ?? null);
  return parsed.success ? parsed.data : null;
}

/**
 * Why the DOM cannot certify the target's label on its own (empty: it can): the label's doubts,
 * and in a subframe those of the frame chain (what the ancestors paint onto the frames).
 */
export function doubtsOf(certificates: readonly Certificate[]): string[] {
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((d): d is string => typeof d === 'string') : []);
  const label = certificates.find((c) => c.type === 'visible_text')?.value as { doubts?: unknown } | undefined;
  const chain = certificates.find((c) => c.type === 'frame_chain')?.value as { doubts?: unknown } | undefined;
  return [...strings(label?.doubts), ...strings(chain?.doubts)];
}
