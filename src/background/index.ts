import browser from 'webextension-polyfill';
import { ContentRequestSchema } from '../messages/content-background';
import { UiRequestSchema } from '../messages/ui-background';
import { listAudit } from './audit-store';
import { listTools } from './listing';
import { clearPageToolsOnNavigation } from './page-tool-registry';
import { handleProposal } from './pipeline';
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
      default:
        return handleProposal(data, sender);
    }
  }

  const request = UiRequestSchema.safeParse(message);
  if (!request.success) return undefined;
  return listAudit(request.data.limit);
});

clearPageToolsOnNavigation();
