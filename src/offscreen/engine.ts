import { createWorker, OEM, PSM, type Worker as TesseractWorker } from 'tesseract.js';
import { encodePgm, type GrayImage, prepareForOcr, showsAnything } from '../core/pixels';
import type { OcrLang } from './protocol';

/**
 * The Tesseract engine, where a page can run a Worker: the offscreen document on Chrome, the event
 * page on Firefox. Nothing is fetched from outside the extension (remote code is banned in MV3).
 */
export type EngineResult =
  | { ok: true; text: string; confidence: number; engineMs: number; cold: boolean }
  | { ok: false; error: 'timeout' | 'engine_error'; detail?: string };

export type EngineOptions = {
  /** Absolute URL of a file bundled in the extension (runtime.getURL). */
  assetUrl(path: string): string;
  coldTimeoutMs?: number;
  warmTimeoutMs?: number;
  idleMs?: number;
  /** Called after the worker was released for idleness (the offscreen document closes itself). */
  onIdle?(): void;
};

export const ASSETS = { worker: 'tesseract/worker.min.js', core: 'tesseract/core', lang: 'tesseract/lang' } as const;

type Running = { ready: Promise<TesseractWorker>; thread: Worker | undefined };

export function createOcrEngine(options: EngineOptions) {
  const coldMs = options.coldTimeoutMs ?? 8_000;
  const warmMs = options.warmTimeoutMs ?? 3_000;
  const idleMs = options.idleMs ?? 60_000;
  // One worker per language data set: `eng` always, `chi_sim` only once a Chinese label is read.
  const running = new Map<OcrLang, Running>();
  const warm = new Set<OcrLang>();
  let queue: Promise<unknown> = Promise.resolve();
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  function start(lang: OcrLang): Running {
    let failed: (reason: unknown) => void = () => {};
    const failure = new Promise<never>((_, reject) => {
      failed = reject;
    });
    // tesseract.js gives no handle on its Worker until initialisation is over, and swallows
    // load errors, so a worker that hangs while loading could never be stopped. Its Worker is
    // constructed synchronously inside createWorker: catch it there, then put the global back.
    const Native = globalThis.Worker;
    let thread: Worker | undefined;
    globalThis.Worker = class extends Native {
      constructor(url: string | URL, init?: WorkerOptions) {
        super(url, init);
        thread = this;
      }
    };
    let created: Promise<TesseractWorker>;
    try {
      created = createWorker(lang, OEM.LSTM_ONLY, {
        workerPath: options.assetUrl(ASSETS.worker),
        corePath: options.assetUrl(ASSETS.core),
        langPath: options.assetUrl(ASSETS.lang),
        workerBlobURL: false,
        // The data ships with the extension: an IndexedDB copy would only double it.
        cacheMethod: 'none',
        gzip: true,
        errorHandler: (error: unknown) => failed(error),
      });
    } finally {
      globalThis.Worker = Native;
    }
    const ready = Promise.race([created, failure]).then(async (worker) => {
      // One block of text, as a control shows it; PGM carries no resolution, so give one.
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, user_defined_dpi: '300' });
      return worker;
    });
    ready.catch(() => {});
    return { ready, thread };
  }

  function stop(lang?: OcrLang) {
    for (const [which, worker] of running) {
      if (lang !== undefined && which !== lang) continue;
      worker.thread?.terminate();
      running.delete(which);
      warm.delete(which);
    }
  }

  function armIdle() {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      stop();
      options.onIdle?.();
    }, idleMs);
  }

  async function run(image: GrayImage, lang: OcrLang): Promise<EngineResult> {
    // A crop with nothing a person could make out shows no text, whatever the engine would make of
    // its anti-aliasing after binarising it.
    if (!showsAnything(image)) return { ok: true, text: '', confidence: 1, engineMs: 0, cold: false };
    clearTimeout(idleTimer);
    const started = performance.now();
    const cold = !warm.has(lang);
    if (!running.has(lang)) running.set(lang, start(lang));
    const current = running.get(lang)!;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), cold ? coldMs : warmMs);
    });
    try {
      const job = current.ready.then((worker) => worker.recognize(encodePgm(prepareForOcr(image)) as unknown as Blob));
      const outcome = await Promise.race([job, timeout]);
      if (outcome === 'timeout') {
        // Fail closed: a worker that hung once is not trusted to answer the next request.
        if (running.get(lang) === current) stop(lang);
        return { ok: false, error: 'timeout' };
      }
      warm.add(lang);
      const { text, confidence } = outcome.data;
      return {
        ok: true,
        text: text.trim(),
        confidence: clamp01(confidence / 100),
        engineMs: performance.now() - started,
        cold,
      };
    } catch (error) {
      if (running.get(lang) === current) stop(lang);
      return { ok: false, error: 'engine_error', detail: String(error) };
    } finally {
      clearTimeout(timer);
      armIdle();
    }
  }

  return {
    /** OCR of a grayscale crop. Jobs run one at a time; each one's budget starts when it does. */
    recognize(image: GrayImage, lang: OcrLang = 'eng'): Promise<EngineResult> {
      const result = queue.then(() => run(image, lang));
      queue = result.catch(() => {});
      return result;
    },
    /** Terminates the worker now (idle release, or tests). */
    release: () => stop(),
    get warm() {
      return warm.has('eng');
    },
  };
}

export type OcrEngine = ReturnType<typeof createOcrEngine>;

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);
