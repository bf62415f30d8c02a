import browser from 'webextension-polyfill';
import { describeTools } from '../core/resolver';
import { ContentRequestSchema } from '../messages/content-background';
import { UiRequestSchema } from '../messages/ui-background';
import { listAudit } from './audit-store';
import { handleProposal } from './pipeline';
import { classifySender } from './sender';

/**
 * One router for every message. Who may ask what is decided from the browser-stamped sender:
 * frames may propose and list tools; only this extension's own pages may read the audit.
 */
browser.runtime.onMessage.addListener((message: unknown, rawSender: browser.Runtime.MessageSender) => {
  const sender = classifySender(rawSender);
  if (sender === null) return undefined;

  if (sender.kind === 'frame') {
    const request = ContentRequestSchema.safeParse(message);
    if (!request.success) return undefined;
    if (request.data.kind === 'tools') return Promise.resolve(describeTools());
    return handleProposal(request.data, sender);
  }

  const request = UiRequestSchema.safeParse(message);
  if (!request.success) return undefined;
  return listAudit(request.data.limit);
});
