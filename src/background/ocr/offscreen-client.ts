import type { GrayImage } from '../../core/pixels';
import {
  type OcrLang,
  type OcrRequest,
  type OcrResponse,
  OcrResponseSchema,
  OFFSCREEN_PATH,
  OFFSCREEN_TARGET,
  toBase64,
} from '../../offscreen/protocol';

/**
 * Chrome: the service worker has no Worker, so OCR runs in the offscreen document. It is created
 * on first use and reused; it closes itself after a minute without work (see src/offscreen/main.ts).
 */

/** Past the engine's own cold budget (8 s): only a document that stopped answering gets here. */
const BACKSTOP_MS = 10_000;
let creating: Promise<void> | null = null;

async function documentExists(): Promise<boolean> {
  const contexts = await chrome.runtime.getContexts({
    contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT],
    documentUrls: [chrome.runtime.getURL(OFFSCREEN_PATH)],
  });
  return contexts.length > 0;
}

async function ensureDocument(): Promise<void> {
  if (await documentExists()) return;
  // Several callers may race here; one creates, the others wait for it. A creation from another
  // context of ours can still win: Chrome then refuses a second document, and that one is used.
  creating ??= chrome.offscreen
    .createDocument({
      url: OFFSCREEN_PATH,
      reasons: [chrome.offscreen.Reason.WORKERS],
      justification: 'Runs the OCR engine (tesseract.js, bundled) that reads what a control shows on screen.',
    })
    .catch((error: unknown) => {
      if (!/single offscreen document/i.test(String((error as Error)?.message ?? error))) throw error;
    })
    .finally(() => {
      creating = null;
    });
  await creating;
}

/** Closes the document (and the worker in it). Used when it stopped answering: fail closed. */
export async function closeOffscreen(): Promise<void> {
  try {
    if (await documentExists()) await chrome.offscreen.closeDocument();
  } catch {
    // already closed
  }
}

export async function recognizeOffscreen(gray: GrayImage, lang: OcrLang = 'eng'): Promise<OcrResponse> {
  const request: OcrRequest = {
    target: OFFSCREEN_TARGET,
    kind: 'ocr',
    lang,
    width: gray.width,
    height: gray.height,
    gray: toBase64(gray.data),
  };
  for (let attempt = 0; ; attempt++) {
    await ensureDocument();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const backstop = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), BACKSTOP_MS);
    });
    try {
      const reply = await Promise.race([chrome.runtime.sendMessage(request) as Promise<unknown>, backstop]);
      if (reply === 'timeout') {
        await closeOffscreen();
        return { ok: false, error: 'timeout' };
      }
      const parsed = OcrResponseSchema.safeParse(reply);
      return parsed.success ? parsed.data : { ok: false, error: 'engine_error', detail: 'malformed reply from the offscreen document' };
    } catch (error) {
      // The document closed itself for idleness between the check and the message: once more.
      if (attempt === 0 && /receiving end does not exist/i.test(String((error as Error)?.message ?? error))) continue;
      return { ok: false, error: 'engine_error', detail: String((error as Error)?.message ?? error) };
    } finally {
      clearTimeout(timer);
    }
  }
}
