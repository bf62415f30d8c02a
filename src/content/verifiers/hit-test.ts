import { elementAt } from './flat-tree';
import { pointsInBox } from './legibility';
import { describeElement, parentElement } from './visibility';

export type HitTest = { points: number; onTarget: number; coveredBy: string | null };

/**
 * Hit-tests the centre and four inner points of the element's box: whatever is on top there
 * receives a real click. An overlay over any of them, even a transparent one, covers the target.
 */
export function hitTest(element: Element): HitTest {
  // Inside the box as drawn: under rotate() or skew() the bounding rectangle's inner points can
  // lie outside the element, on whatever is behind it.
  const points = pointsInBox(element, [
    [0.5, 0.5],
    [0.25, 0.25],
    [0.75, 0.25],
    [0.25, 0.75],
    [0.75, 0.75],
  ]);
  let onTarget = 0;
  let coveredBy: string | null = null;
  for (const [x, y] of points) {
    // The document's answer, followed down through (open and closed) shadow roots.
    const top = elementAt(x, y);
    if (top && isWithin(top, element)) onTarget += 1;
    else coveredBy ??= top ? describeElement(top) : 'nothing (outside the viewport)';
  }
  return { points: points.length, onTarget, coveredBy };
}

function isWithin(node: Element, ancestor: Element): boolean {
  for (let current: Element | null = node; current; current = parentElement(current)) {
    if (current === ancestor) return true;
  }
  return false;
}
