import type { ReasonCode } from '../core/contracts';
import { t } from '../ui/i18n';

/**
 * Why Warrant stopped or asks, in words for the person deciding (the codes and the technical
 * messages stay in the details): the message `reason_<code>`. Every code has one: the call does
 * not compile when a code has no English message, and the messages test checks every language.
 */
export function plainReason(code: ReasonCode): string {
  return t(`reason_${code}`);
}
