import type { Certificate, Rect } from '../core/contracts';
import { type CertificateOf, certificate, type VisibleTextValue } from '../core/plan';

type Painted = NonNullable<VisibleTextValue['painted']>;

const UNREADABLE = 'the label certificate has no usable value';

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
export function browserOrigin(frame: string, origin: string | null, url: string): CertificateOf<'origin'> {
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
  return certificate(certificates, 'visible_text')?.text ?? null;
}

/** Whether the DOM holds text for the target's label that the screen does not show (not an icon). */
export function hiddenTextOf(certificates: readonly Certificate[]): boolean {
  return certificate(certificates, 'visible_text')?.hiddenText === true;
}

/** Whether the target shows no letters and draws a picture the DOM cannot read (it may show words). */
export function unreadPictureOf(certificates: readonly Certificate[]): boolean {
  return certificate(certificates, 'visible_text')?.unreadPicture === true;
}

/** The target's rectangle in its own frame's viewport, as its frame certified the element. */
export function targetRectOf(certificates: readonly Certificate[], selector: string | null): Rect | null {
  return certificates.find((c) => c.type === 'ui_element' && c.region.selector === selector)?.region.rect ?? null;
}

/** How the target's label is painted (rotation/skew and its own box), for turning the crop upright. */
export function paintedOf(certificates: readonly Certificate[]): Painted | null {
  return certificate(certificates, 'visible_text')?.painted ?? null;
}

/**
 * Why the DOM cannot certify the target's label on its own (empty: it can): the label's doubts,
 * and in a subframe those of the frame chain (what the ancestors paint onto the frames).
 */
export function doubtsOf(certificates: readonly Certificate[]): string[] {
  // A label certificate whose value cannot be read is itself a doubt: the pixels must decide.
  const shown = certificates.some((c) => c.type === 'visible_text');
  const label = certificate(certificates, 'visible_text')?.doubts ?? (shown ? [UNREADABLE] : []);
  const chain = certificate(certificates, 'frame_chain')?.doubts ?? [];
  return [...label, ...chain];
}

/** The target's accessible name (aria-label, alt, title…), if certified. */
export function accessibleNameOf(certificates: readonly Certificate[]): string | null {
  return certificate(certificates, 'ax_name')?.name ?? null;
}

/** Where the DOM saw pictures inside the label that it cannot read (content/verifiers/label-extras.ts; picture-regions.ts reads them). */
export function pictureRegionsOf(certificates: readonly Certificate[]): VisibleTextValue['pictures'] {
  return certificate(certificates, 'visible_text')?.pictures ?? [];
}
