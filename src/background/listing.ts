import browser from 'webextension-polyfill';
import type { ToolDescriptor } from '../core/contracts';
import { describeTools, listingKey, pageToolPrivilege } from '../core/resolver';
import { pageToolsFor } from './page-tool-registry';
import type { FrameSender } from './sender';
import { serially } from './serial';

/**
 * `tools()` for one frame: built-ins and the page tools this frame may call. What was listed is
 * remembered per frame, so a later call is bound to the definition the agent saw (M4).
 */
export async function listTools(sender: FrameSender): Promise<ToolDescriptor[]> {
  const pageTools = await pageToolsFor(sender);
  const descriptors: ToolDescriptor[] = [
    ...describeTools(),
    ...pageTools.map((tool) => ({
      name: tool.name,
      provider: tool.provider,
      tier: tool.tier,
      description: tool.description,
      privilege: pageToolPrivilege(tool),
      inputSchema: tool.inputSchema as Record<string, unknown>,
      claims: [],
      digest: tool.digest,
    })),
  ];
  const listed = Object.fromEntries(pageTools.map((tool) => [listingKey(tool.provider, tool.name), tool.digest]));
  const key = `listing.v1.${sender.tabId}`;
  await serially(key, async () => {
    const all = ((await browser.storage.session.get(key))[key] ?? {}) as Record<string, Record<string, string>>;
    await browser.storage.session.set({ [key]: { ...all, [sender.frameId]: listed } });
  });
  return descriptors;
}

export async function listedBy(sender: FrameSender): Promise<Map<string, string>> {
  const key = `listing.v1.${sender.tabId}`;
  const all = ((await browser.storage.session.get(key))[key] ?? {}) as Record<string, Record<string, string>>;
  return new Map(Object.entries(all[sender.frameId] ?? {}));
}
