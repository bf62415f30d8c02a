import { shadowRootOf } from './verifiers/flat-tree';

/**
 * Evaluates a target selector in this frame. `a >>> b` finds `b` inside the shadow roots of the
 * elements matched by `a`, open or closed: a closed root hides its tree from the page's scripts,
 * not from what the user sees and clicks (the extension reads it as it reads everything rendered).
 */
export type QueryResult = { ok: true; elements: Element[] } | { ok: false; error: string };

export function queryTarget(selector: string, root: ParentNode = document): QueryResult {
  const steps = selector.split('>>>').map((step) => step.trim());
  if (steps.some((step) => step === '')) return { ok: false, error: 'Empty step around ">>>".' };
  let scopes: ParentNode[] = [root];
  let found: Element[] = [];
  try {
    for (const [index, step] of steps.entries()) {
      found = scopes.flatMap((scope) => Array.from(scope.querySelectorAll(step)));
      if (index < steps.length - 1) {
        scopes = found.map((element) => shadowRootOf(element)).filter((shadow): shadow is ShadowRoot => shadow !== null);
      }
    }
  } catch (error) {
    return { ok: false, error: `Invalid selector: ${error instanceof Error ? error.message : String(error)}` };
  }
  return { ok: true, elements: [...new Set(found)] };
}
