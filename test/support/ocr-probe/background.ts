import browser from 'webextension-polyfill';
import '../../../src/background/index';
import { type CssRect, ocrElement, pixelHashOf } from '../../../src/background/ocr';

/**
 * Background entry of the test-only probe build: the real background, plus a handler that lets
 * the probe page (and nothing else) run the OCR module where it runs in production, in Chrome's
 * service worker and Firefox's event page. No such handler exists in dist/chrome or dist/firefox.
 */
type ProbeRequest = { probe: 'ocr' | 'hash'; tabId: number; windowId: number; rect: CssRect; dpr: number };
const probePages = browser.runtime.getURL('test/support/ocr-probe/');

browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => {
  if (sender.id !== browser.runtime.id || !sender.url?.startsWith(probePages)) return undefined;
  const request = message as Partial<ProbeRequest>;
  if (request.probe !== 'ocr' && request.probe !== 'hash') return undefined;
  const { tabId, windowId, rect, dpr } = request as ProbeRequest;
  return request.probe === 'ocr' ? ocrElement(tabId, windowId, rect, dpr) : pixelHashOf(tabId, windowId, rect, dpr);
});
