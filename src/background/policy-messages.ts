import type { PolicyRequest } from '../messages/ui-background';
import { getPolicyState, savePolicy } from './policy-store';
import type { ExtensionPageSender } from './sender';

export function isPolicyRequest(request: { kind: string }): request is PolicyRequest {
  return request.kind === 'policy:get' || request.kind === 'policy:set';
}

/**
 * Reading and replacing the user's policy. The sender type is the authorisation: the router hands
 * over only this extension's own pages, never a frame of a web page, whatever the payload says.
 */
export function handlePolicyRequest(request: PolicyRequest, _sender: ExtensionPageSender): Promise<unknown> {
  switch (request.kind) {
    case 'policy:get':
      return getPolicyState();
    case 'policy:set':
      return savePolicy(request.policy);
  }
}
