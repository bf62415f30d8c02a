import { createOcrEngine } from './engine';
import { fromBase64, OcrRequestSchema, type OcrResponse } from './protocol';

/**
 * Chrome's offscreen document: the service worker has no Worker, so Tesseract runs here.
 * It only has chrome.runtime; it answers only this extension's own pages and service worker.
 */
const engine = createOcrEngine({
  assetUrl: (path) => chrome.runtime.getURL(path),
  // Idle: give the memory back. The service worker may be asleep by then, so the document
  // closes itself rather than waiting for it to call offscreen.closeDocument().
  onIdle: () => window.close(),
});

const ownOrigin = new URL(chrome.runtime.getURL('')).origin;

function fromOwnExtension(sender: chrome.runtime.MessageSender): boolean {
  if (sender.id !== chrome.runtime.id || !sender.url) return false;
  try {
    return new URL(sender.url).origin === ownOrigin;
  } catch {
    return false;
  }
}

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse: (response: OcrResponse) => void) => {
  if (!fromOwnExtension(sender)) return false;
  const request = OcrRequestSchema.safeParse(message);
  if (!request.success) return false;
  const { width, height, gray, lang } = request.data;
  const data = fromBase64(gray);
  if (data.length !== width * height) {
    sendResponse({ ok: false, error: 'bad_request', detail: 'pixel count does not match the size' });
    return false;
  }
  engine.recognize({ width, height, data }, lang).then(sendResponse);
  return true;
});
