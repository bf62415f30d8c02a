import { describe, expect, it, vi } from 'vitest';

// The re-check's settle begun during OCR (collect.ts `captured`) may still be running when a
// decision that was asked (approved at once by a standing approval) sends its own settle
// (pipeline.ts perform). Both run in the frame (evidence.ts settle); the early one's quietOver waits
// on animations the page chose (at most 1 s), so the page can have it end after the re-check's
// capture: it must not start the watch then, or the watch a change was seen by is forgotten
// (startWatch ends the one running). A review's test (Dec 7).

const events: string[] = [];
let releaseEarly: () => void = () => undefined;
let quietCalls = 0;

vi.mock('../../src/content/watch', () => ({
  quietOver: () => {
    quietCalls += 1;
    // The first (early) settle waits on the page's animation; the later one finds none running.
    return quietCalls === 1
      ? new Promise<void>((resolve) => {
          releaseEarly = resolve;
        })
      : Promise.resolve();
  },
  startWatch: (id: string) => events.push(`startWatch ${id} #${events.filter((e) => e.startsWith('startWatch')).length + 1}`),
}));
vi.mock('../../src/content/executor', () => ({
  certifiedElement: () => ({}) as Element,
  certifiedBox: () => null,
  doubtsOf: () => [],
  rememberCertified: () => undefined,
  execute: () => undefined,
  forget: () => undefined,
  settledFor: () => undefined,
}));
vi.mock('../../src/content/verifiers/settle', () => ({
  nextPaint: () => Promise.resolve({ painted: true }),
  renderTarget: () => undefined,
}));
vi.mock('../../src/content/verifiers/dom', () => ({ certifyTarget: () => undefined }));
vi.mock('../../src/content/verifiers/entry-animations', () => ({ entranceEnded: () => undefined }));
vi.mock('../../src/content/verifiers/view-transition', () => ({ transitionsEnded: () => undefined }));
vi.mock('../../src/content/viewport', () => ({ layoutViewport: () => undefined }));
vi.mock('../../src/content/frame-element', () => ({ answerFrameRequest: () => undefined }));

describe('an early settle still running after an ask', () => {
  it('must not start its watch after the later settle started the one the re-check relies on', async () => {
    const { settle } = await import('../../src/content/evidence');
    const early = settle('req-1'); // sent at the OCR capture (collect.ts), quietOver pending
    const late = settle('req-1'); // sent by perform after the ask (early is null there)
    await late; // the background now takes the re-check's capture...
    events.push('re-check capture');
    releaseEarly(); // ...and the page ends its animation: the early settle goes on
    await early;
    events.push('command (endWatch)');
    // The watch the command ends must be one started before the re-check's capture.
    const lastStart = events.map((e) => e.startsWith('startWatch')).lastIndexOf(true);
    expect(events, events.join(' | ')).toEqual(['startWatch req-1 #1', 're-check capture', 'command (endWatch)']);
    expect(lastStart).toBeLessThan(events.indexOf('re-check capture'));
  });
});
