import browser from 'webextension-polyfill';
import { AskRequestSchema } from '../messages/ask-ui';
import { ContentRequestSchema, PageToolRegistrationSchema } from '../messages/content-background';
import { UiRequestSchema } from '../messages/ui-background';
import { handleAskRequest, initAsks } from './ask/messages';
import { handleAuditRequest, isAuditRequest } from './audit-messages';
import { openAuditStore } from './audit-store';
import { may } from './capabilities';
import { recordStopped } from './in-flight';
import { interceptionModeFor, recordObservation } from './interception';
import { listTools } from './listing';
import { clearStaleGuards } from './navigation-guard';
import { clearPageToolsOnNavigation } from './page-tool-registry';
import { handleProposal } from './pipeline';
import { handlePolicyRequest, isPolicyRequest } from './policy-messages';
import { getPolicyState } from './policy-store';
import { handleRegistration, handleUnregistration } from './registration';
import { classifySender, type ExtensionPageSender } from './sender';
import { restrictStorageToExtension } from './storage-access';
import { forgetTab, tabOpened } from './tab-budget';
import { forgetTyped } from './typed-history';
import { warmTextTables } from './warm';

/**
 * One router for every message. Who may ask what is decided from the browser-stamped sender:
 * frames may propose, list and register tools; each of this extension's own pages what its role allows.
 */
browser.runtime.onMessage.addListener((message: unknown, rawSender: browser.Runtime.MessageSender) => {
  const sender = classifySender(rawSender);
  if (sender === null) return undefined;

  if (sender.kind === 'frame') {
    const request = ContentRequestSchema.safeParse(message);
    if (!request.success) return undefined;
    const data = request.data;
    switch (data.kind) {
      case 'tools':
        return listTools(sender);
      case 'tool:register': {
        const definition = PageToolRegistrationSchema.safeParse(data.definition);
        if (!definition.success) {
          const problem = definition.error.issues[0]?.message ?? 'unknown problem';
          return Promise.resolve({ ok: false, message: `Invalid tool definition: ${problem}` });
        }
        return handleRegistration(sender, definition.data);
      }
      case 'tool:unregister':
        return handleUnregistration(sender, data.name);
      case 'interception:mode':
        return interceptionModeFor(sender);
      case 'interception:observed':
        return recordObservation(sender, data.observation);
      default:
        return handleProposal(data, sender);
    }
  }

  // Extension pages: each may do what its role is granted (capabilities.ts), nothing else.
  const askRequest = AskRequestSchema.safeParse(message);
  if (askRequest.success) return may(sender, 'asks', OWN) ? handleAskRequest(askRequest.data) : refused(sender, 'asks');
  const request = UiRequestSchema.safeParse(message);
  if (!request.success) return undefined;
  // Policy read and save (settings page): policy-messages.ts.
  if (isPolicyRequest(request.data))
    return may(sender, 'policy', OWN) ? handlePolicyRequest(request.data, sender) : refused(sender, 'policy');
  // Audit list, export and filter menus (popup): audit-messages.ts.
  if (isAuditRequest(request.data)) return may(sender, 'audit', OWN) ? handleAuditRequest(request.data) : refused(sender, 'audit');
  return undefined;
});

/** This extension's root URL, which every page of its own starts with. */
const OWN = browser.runtime.getURL('');

/**
 * A page asked for what its role is not granted: a clear refusal, and nothing done. (A promise: the
 * polyfill sends back only what a listener resolves.)
 */
function refused(sender: ExtensionPageSender, capability: string): Promise<{ ok: false; error: string }> {
  return Promise.resolve({ ok: false, error: `${sender.url.replace(/[?#].*$/u, '')} may not use ${capability}` });
}

/**
 * Other extensions (and, were the manifest ever to declare `externally_connectable`, web pages)
 * get nothing: every one-off message is refused and every port closed at once. The manifest
 * declares no `externally_connectable` (a convention test keeps it so), so pages cannot even try.
 */
browser.runtime.onMessageExternal.addListener(() =>
  Promise.resolve({ ok: false, error: 'Warrant takes no messages from other extensions or pages.' }),
);
browser.runtime.onConnectExternal.addListener((port) => port.disconnect());

clearPageToolsOnNavigation();
browser.tabs.onRemoved.addListener((tabId) => {
  forgetTab(tabId);
  void forgetTyped(tabId);
});
// A tab a page opened shares that page's budget. Two signals, either enough: a navigation target
// (window.open, also with no URL; a link to a new tab) and tabs.onCreated's openerTabId (both
// name the opener for window.open('') in Chromium, measured). openerTabId also names the active
// tab as the opener of some tabs no page opened (those the DevTools protocol opens): sharing too
// widely costs such a tab some of its budget; a page never gets a second one.
browser.webNavigation.onCreatedNavigationTarget.addListener(({ tabId, sourceTabId }) => {
  tabOpened(tabId, sourceTabId);
});
browser.tabs.onCreated.addListener((tab) => {
  if (tab.id !== undefined) tabOpened(tab.id, tab.openerTabId);
});
restrictStorageToExtension();
// Loaded at start: the user's policy leaves storage.local (storage-moves/0001) before any content
// script of this version has run (later values there are never read), and the first decision
// after a start finds the policy loaded instead of opening two databases and checking the managed
// copy's seal itself (20-60 ms of it, measured in Chromium). getPolicyState never rejects.
void getPolicyState();
warmTextTables();
// Likewise the audit's storage.local era (audit-store.ts, migrateLegacy).
void openAuditStore().catch((error: unknown) => console.warn('Warrant: the audit store could not be opened', error));
void clearStaleGuards();
initAsks();
// Decisions an earlier background left unfinished (it was stopped) get their records (in-flight.ts).
void recordStopped().catch((error: unknown) => console.warn('Warrant: stopped decisions not recorded', error));
