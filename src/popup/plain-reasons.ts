import type { Reason, ReasonCode } from '../core/contracts';
import { t } from '../ui/i18n';
import { text } from './dom';

/**
 * Why Warrant stopped or asks, in words for the person deciding (the codes and the technical
 * messages stay in the details): the message `reason_<code>`. Every code has one: the call does
 * not compile when a code has no English message, and the messages test checks every language.
 */
export function plainReason(code: ReasonCode): string {
  return t(`reason_${code}`);
}

/** A reason as a list item: in plain words first, then the code and Warrant's technical message (English, as recorded). */
export function reasonItem(reason: Reason): HTMLLIElement {
  const line = text('li', 'reason', plainReason(reason.code)) as HTMLLIElement;
  line.dataset.code = reason.code;
  line.append(text('span', 'reason-code', ` ${reason.code}: ${reason.message}`));
  return line;
}
