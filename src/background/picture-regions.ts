import { OCR_MIN_CONFIDENCE } from '../core/pixels';
import { certificate, readsWords, type VisibleTextValue } from '../core/plan';
import { certifyPixels, type PixelEvidence, type ScreenView, type Shot } from './pixels';

type Region = VisibleTextValue['pictures'][number];

/**
 * The pictures inside a label that the DOM cannot read (a raster image beside "Show details"),
 * read apart from its text: one crop of the box that holds them all, placed by their fractions of
 * the target's rect on screen. A reading without words (a cart read as "f=)", a flag, a photo read
 * as noise) leaves the label to the DOM, and is kept so the crop is checked again before the
 * action; words, or no reading at all, give null: the whole label goes to the pixels (a picture of
 * "Delete account" beside "Show details" is then read with it, and is no "Show details"). Left: words
 * drawn so that OCR reads them as noise, or not at all, as for any picture (README, Evidence).
 */
export async function wordlessPictures(
  shot: Shot,
  frame: string,
  selector: string,
  view: ScreenView | null,
  regions: readonly Region[],
): Promise<PixelEvidence | null> {
  // A frame above turns the target (its rect on screen is then no upright box of it): the whole label.
  if (view === null || view.turn !== undefined || regions.length === 0) return null;
  const { rect } = view;
  const left = Math.min(...regions.map((r) => r.x));
  const top = Math.min(...regions.map((r) => r.y));
  const right = Math.max(...regions.map((r) => r.x + r.width));
  const bottom = Math.max(...regions.map((r) => r.y + r.height));
  const crop = {
    x: rect.x + left * rect.width,
    y: rect.y + top * rect.height,
    width: (right - left) * rect.width,
    height: (bottom - top) * rect.height,
  };
  const read = await certifyPixels(shot, frame, selector, crop);
  if (read === null || read.error !== null || read.thumb === null) return null;
  const reading = certificate(read.certificates, 'ocr_text');
  if (reading === undefined) return null;
  // Letters read below OCR's evidence floor are what OCR makes of a picture that has none (measured
  // on a flag, a cart, an avatar and a product photo: "oN", "[Pp", "(w" at 0.22–0.45, in both
  // browsers; "Delete account" drawn the same way read at 0.95–0.96): no words.
  const words = readsWords(reading.text) && reading.confidence >= OCR_MIN_CONFIDENCE;
  return words ? null : { ...read, certificates: [], words: false };
}
