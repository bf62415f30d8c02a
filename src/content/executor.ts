import type { ExecuteCommand, ExecuteResult } from '../messages/background-content';
import { certifyTarget } from './verifiers/dom';

type Certified = { selector: string; element: Element; digest: string };

/** Elements certified in this frame, waiting for the background's word. */
const certified = new Map<string, Certified>();

export function rememberCertified(requestId: string, selector: string, element: Element, digest: string): void {
  certified.set(requestId, { selector, element, digest });
}

/** After a timeout the page was told "not executed"; a late command must not contradict that. */
export function forget(requestId: string): void {
  certified.delete(requestId);
}

const notExecuted = (code: ExecuteResult['code'], message: string): ExecuteResult => ({ executed: false, code, message });

/**
 * Performs exactly what was certified: the same element, still the only match, unchanged, still
 * visible and on top. Anything else is stale evidence and nothing happens.
 */
export function execute(command: ExecuteCommand): ExecuteResult {
  const entry = certified.get(command.requestId);
  certified.delete(command.requestId);
  if (!entry) return notExecuted('stale_evidence', 'Nothing certified under this request in this frame.');
  if (entry.digest !== command.digest) return notExecuted('stale_evidence', 'The command does not match what was certified.');

  const now = certifyTarget(entry.selector);
  if (now.element !== entry.element) return notExecuted('stale_evidence', 'The selector now matches a different element.');
  if (now.digest !== entry.digest) return notExecuted('stale_evidence', 'The target changed after it was certified.');
  const [element, , hit] = now.certificates;
  const elementValue = element?.value as { visible: boolean; disabled: boolean } | undefined;
  const hitValue = hit?.value as { points: number; onTarget: number } | undefined;
  if (!elementValue?.visible || elementValue.disabled) return notExecuted('stale_evidence', 'The target is no longer visible and enabled.');
  if (!hitValue || hitValue.onTarget !== hitValue.points) return notExecuted('stale_evidence', 'The target is now covered.');

  try {
    (entry.element as HTMLElement).click();
  } catch (error) {
    return notExecuted('execution_failed', error instanceof Error ? error.message : String(error));
  }
  return { executed: true, code: null, message: null };
}
