import browser from 'webextension-polyfill';
import { AskRequestSchema } from '../messages/ask-ui';
import { ContentRequestSchema } from '../messages/content-background';
import { UiRequestSchema } from '../messages/ui-background';
import { handleAskRequest, initAsks } from './ask/messages';
import { handleAuditRequest, isAuditRequest } from './audit-messages';
import { interceptionModeFor, recordObservation } from './interception';
import { listTools } from './listing';
import { clearStaleGuards } from './navigation-guard';
import { clearPageToolsOnNavigation } from './page-tool-registry';
import { handleProposal } from './pipeline';
import { handlePolicyRequest, isPolicyRequest } from './policy-messages';
import { handleRegistration, handleUnregistration } from './registration';
import { classifySender } from './sender';

/**
 * One router for every message. Who may ask what is decided from the browser-stamped sender:
 * frames may propose, list and register tools; only this extension's own pages may read the audit.
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
      case 'tool:register':
        return handleRegistration(sender, data.definition);
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

  const askRequest = AskRequestSchema.safeParse(message);
  if (askRequest.success) return handleAskRequest(askRequest.data);
  const request = UiRequestSchema.safeParse(message);
  if (!request.success) return undefined;
  // Policy read and save (options page): policy-messages.ts.
  if (isPolicyRequest(request.data)) return handlePolicyRequest(request.data, sender);
  // Audit list, export and filter menus: audit-messages.ts.
  return isAuditRequest(request.data) ? handleAuditRequest(request.data) : undefined;
});

clearPageToolsOnNavigation();
void clearStaleGuards();
initAsks();
