import type { FormRequest } from '../core/plan';
import type { Action, ExecuteCommand, ExecuteResult } from '../messages/background-content';
import { performAction, prepareSubmit, StaleAtAction } from './actions';
import { onlySubmitting } from './only-submitting';
import { runRecord } from './run-record';
import { submitGuarded } from './submission-guard';
import { certifyTarget } from './verifiers/dom';
import { submissionFor } from './verifiers/form-request';
import { whileSkipped } from './verifiers/settle';
import { type Box, endWatch, watched } from './watch';

/**
 * What this frame certified for one request: an element (or none, for page-wide actions), and for
 * a submission the request it would send.
 */
type Certified = {
  selector: string | null;
  element: Element | null;
  digest: string;
  submission: FormRequest | null;
  /** Why the DOM could not certify the label alone, then (visible_text's doubts). */
  doubts: readonly string[];
  /** Where the target was, then (its pixels, if read, were read there: watch.ts). */
  box: Box | null;
};

/** How long the verdict waits for the Navigation API's look at a submission's request (submission-guard.ts). */
const NAVIGATE_VERDICT_MS = 250;

const certified = new Map<string, Certified>();

/** What became of the latest commands this frame was sent, and those it is performing now. */
const commands = runRecord<ExecuteResult>(64);

/**
 * What became of a command, once any run of it in this frame has ended: a page handler that waits
 * synchronously (a sync XHR, an alert) lets Firefox deliver other events meanwhile, the lost
 * background's among them, and "not executed" must not be said of an action still running.
 */
export const settledFor = (requestId: string): Promise<ExecuteResult | null> => commands.settled(requestId);

/** Tells the MAIN-world guards what is about to happen (src/content/allowances.ts). */
type Announce = (allowance: { selector?: string; url?: string }) => Promise<void>;

export function rememberCertified(
  requestId: string,
  selector: string | null,
  element: Element | null,
  digest: string,
  submission: FormRequest | null = null,
  doubts: readonly string[] = [],
): void {
  const rect = element?.getBoundingClientRect();
  const box = rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
  certified.set(requestId, { selector, element, digest, submission, doubts, box });
}

/** The element certified for a request in this frame, if any. */
export function certifiedElement(requestId: string): Element | null {
  return certified.get(requestId)?.element ?? null;
}

/** Where that element was when it was certified. */
export function certifiedBox(requestId: string): Box | null {
  return certified.get(requestId)?.box ?? null;
}

/** After a timeout the page was told "not executed"; a late command must not contradict that. */
export function forget(requestId: string): void {
  certified.delete(requestId);
  endWatch(requestId);
}

const notExecuted = (code: ExecuteResult['code'], message: string): ExecuteResult => ({ executed: false, code, message });

/** The end of the last command this frame was sent: the next starts after it. */
let queue: Promise<unknown> = Promise.resolve();

/** Actions that press, type or choose need the target operable at that moment, not only unchanged. */
const NEEDS_OPERABLE = new Set<Action['tool']>(['click', 'type', 'select']);

/**
 * Performs exactly what was certified: the same element, still the only match, unchanged (and for
 * pointer-like actions still visible, enabled and on top). Anything else is stale evidence.
 */
export function execute(command: ExecuteCommand, announce: Announce | null): Promise<ExecuteResult> {
  const { requestId } = command;
  // A command for a request this frame has run, or is running, again: what happened stays said.
  const known = commands.known(requestId);
  if (known !== undefined) return Promise.resolve(known);
  // One command at a time in a frame: one that arrives while another runs (Firefox delivers it
  // inside a handler that waits synchronously) waits its turn instead of running inside it, where
  // the first one's guards are (a red team's round 9: a page's scroll, run inside the click,
  // ended the click's watch on submissions, and a button the handler made a submit button posted).
  const run = commands.track(
    requestId,
    queue.then(() => executeOnce(command, announce)),
  );
  queue = run.catch(() => undefined);
  return run;
}

async function executeOnce(command: ExecuteCommand, announce: Announce | null): Promise<ExecuteResult> {
  const entry = certified.get(command.requestId);
  certified.delete(command.requestId);
  if (!entry) return notExecuted('stale_evidence', 'Nothing certified under this request in this frame.');
  if (entry.digest !== command.digest) return notExecuted('stale_evidence', 'The command does not match what was certified.');
  // A section skipped for a frame (settle.ts) is waited out: the re-check judges the rendered page.
  if (entry.element !== null) await whileSkipped(entry.element);
  // Too late already: not even announced to the page-side guards (an allowance would outlive it).
  if (late(command)) return notExecuted('timeout', TOO_LATE);
  // Before the re-check, so nothing can change between the re-check and the action.
  if (announce !== null && command.action.tool === 'click' && entry.selector !== null) await announce({ selector: entry.selector });
  if (announce !== null && command.action.tool === 'navigate') await announce({ url: command.action.url });

  // A pixel-checked action: nothing over the target may have changed since the re-check's capture
  // (watch.ts). Ended before the DOM re-check, whose own layer overrides are no change either way.
  if (command.watched === true) {
    if (!watched(command.requestId)) return notExecuted('stale_evidence', 'The target was not watched after its pixels were checked.');
    const changed = endWatch(command.requestId);
    if (changed) return notExecuted('stale_evidence', changed);
  } else endWatch(command.requestId);
  if (entry.selector !== null) {
    const problem = recheck(entry, NEEDS_OPERABLE.has(command.action.tool));
    if (problem) return notExecuted('stale_evidence', problem);
  }
  // The background stops waiting soon after: what starts now could run after the page was answered
  // (a page that held its main thread while the command was queued).
  if (late(command)) return notExecuted('timeout', TOO_LATE);
  const tool = command.action.tool;
  if ((tool === 'submit' || tool === 'click') && entry.submission !== null && entry.element !== null) return submit(entry, tool);
  try {
    let stopped: 'submission' | 'download' | null = null;
    const result = onlySubmitting(
      null,
      entry.element,
      () => performAction(command.action, entry.element),
      (what) => {
        stopped ??= what ?? 'submission';
      },
    );
    if (stopped === 'download') return notExecuted('stale_evidence', UNCERTIFIED_DOWNLOAD);
    if (stopped !== null) return notExecuted('stale_evidence', UNCERTIFIED_SUBMISSION);
    return result === undefined ? { executed: true, code: null, message: null } : { executed: true, code: null, message: null, result };
  } catch (error) {
    if (error instanceof StaleAtAction) return notExecuted('stale_evidence', error.message);
    return notExecuted('execution_failed', error instanceof Error ? error.message : String(error));
  }
}

const late = (command: ExecuteCommand) => command.startBy !== undefined && Date.now() > command.startBy;
const TOO_LATE = 'The command came too late to be performed; nothing was run.';

const UNCERTIFIED_DOWNLOAD =
  'The page made the link a download while it was clicked (its download attribute changed), which was not what was certified; the link was not followed.';

const UNCERTIFIED_SUBMISSION =
  'The action started a form submission it was not certified to make (the page changed what it activates); the submission was stopped.';

function recheck(entry: Certified, operable: boolean): string | null {
  const now = certifyTarget(entry.selector!);
  if (now.element !== entry.element) return 'The selector now matches a different element.';
  if (now.digest !== entry.digest) return 'The target changed after it was certified.';
  // Whatever may paint over the label now and did not then: the page may have put it back the
  // moment the certification was over (a cover restored from a MutationObserver that Warrant's own
  // look-up woke: an attacker's page, test/fixtures/reach-layers.html#restored). The digest sees
  // only the target; this sees what the certification saw around it.
  // (Kept to 16, so more of them than then counts too: a new one may be past the cut.)
  const doubts = doubtsOf(now.certificates);
  const fresh = doubts.filter((doubt) => !entry.doubts.includes(doubt));
  if (fresh.length > 0 || doubts.length > entry.doubts.length)
    return `The DOM now doubts what it did not when the target was certified: ${fresh[0] ?? doubts[doubts.length - 1]}.`;
  if (!operable) return null;
  const [element, , hit] = now.certificates;
  const elementValue = element?.value as { visible: boolean; disabled: boolean } | undefined;
  const hitValue = hit?.value as { points: number; onTarget: number } | undefined;
  if (!elementValue?.visible || elementValue.disabled) return 'The target is no longer visible and enabled.';
  if (!hitValue || hitValue.onTarget !== hitValue.points) return 'The target is now covered.';
  return null;
}

/**
 * A submission (a submit, or a click on a submit button) performed under watch: the request that
 * leaves must be the one certified (submission-guard.ts), or it is stopped and reported as stale.
 * It runs now, not after the reply: the guard must see it, and the document unloads only when the
 * response to the request arrives, well after the reply has gone.
 */
async function submit(entry: Certified, tool: 'submit' | 'click'): Promise<ExecuteResult> {
  const element = entry.element!;
  const submission = submissionFor(element, tool);
  if (!submission) return notExecuted('stale_evidence', 'The target no longer submits a form.');
  let guarded: ReturnType<typeof submitGuarded>;
  try {
    const run = tool === 'submit' ? prepareSubmit(element) : () => performAction({ tool: 'click' }, element);
    guarded = submitGuarded(submission, entry.submission!, run);
  } catch (error) {
    return notExecuted('execution_failed', error instanceof Error ? error.message : String(error));
  }
  if (guarded.problem) return notExecuted('stale_evidence', guarded.problem);
  const stopped = await Promise.race([
    guarded.navigation,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), NAVIGATE_VERDICT_MS)),
  ]);
  if (stopped) return notExecuted('stale_evidence', stopped);
  return { executed: true, code: null, message: null };
}

/** The doubts of the label's visible_text certificate (none: no such certificate). */
export function doubtsOf(certificates: readonly { type: string; value: unknown }[]): string[] {
  const text = certificates.find((certificate) => certificate.type === 'visible_text');
  const doubts = (text?.value as { doubts?: unknown } | undefined)?.doubts;
  return Array.isArray(doubts) ? doubts.filter((doubt): doubt is string => typeof doubt === 'string') : [];
}
