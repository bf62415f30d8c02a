import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TestPage } from './browsers';

/** axe-core's source, run in the page under test (extension pages included: evaluation is not subject to the page's CSP). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/** The serious and critical accessibility violations axe-core finds in the page as it is now. */
export async function seriousViolations(page: TestPage): Promise<AxeViolation[]> {
  // Built here, in Node, so the page receives plain source: no eval happens inside the page.
  const run = new Function(
    `${AXE_SOURCE}
     return axe.run(document, { resultTypes: ['violations'] }).then((result) =>
       result.violations
         .filter((v) => v.impact === 'serious' || v.impact === 'critical')
         .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => String(n.target)) })));`,
  ) as () => Promise<AxeViolation[]>;
  return page.evaluate(run);
}
