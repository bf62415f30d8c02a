import { z } from 'zod';

/**
 * The top frame's layout viewport in CSS px: where it is scrolled to in its document and how large
 * it is without scrollbars. With it the background can capture only the target's rectangle (Firefox's
 * `captureVisibleTab({ rect })` takes document coordinates) and still read nothing the viewport
 * does not show. Absent where that would not hold (a pinch-zoomed viewport, a target that does not
 * scroll with its document: src/content/viewport.ts says which): the capture then takes the whole
 * viewport, as it always does in Chromium.
 */
export const ViewportSchema = z.strictObject({
  scrollX: z.number().min(-1e7).max(1e7),
  scrollY: z.number().min(-1e7).max(1e7),
  width: z.number().positive().max(1e5),
  height: z.number().positive().max(1e5),
});
export type Viewport = z.infer<typeof ViewportSchema>;
