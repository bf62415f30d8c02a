import type { MessageKey } from '../ui/i18n';
import type { PrivilegeName, Trust } from './form-model';

/** The words for the policy's values, as tables of message keys (each key written out, so the key check finds it). */
export const TRUST_LABEL = {
  trusted: 'trustTrusted',
  default: 'trustDefault',
  untrusted: 'trustUntrusted',
} as const satisfies Record<Trust, MessageKey>;

export const PRIVILEGE_LABEL = {
  read: 'privilegeRead',
  interact: 'privilegeInteract',
  commit: 'privilegeCommit',
  navigate: 'privilegeNavigate',
  credential: 'privilegeCredential',
} as const satisfies Record<PrivilegeName, MessageKey>;

export const DECISION_LABEL = { allow: 'decision_allow', ask: 'decision_ask', block: 'decision_block' } as const satisfies Record<
  string,
  MessageKey
>;

export const MODE_LABEL = { off: 'modeOff', observe: 'modeObserve', enforce: 'modeEnforce' } as const satisfies Record<string, MessageKey>;
