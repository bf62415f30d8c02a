import browser from 'webextension-polyfill';
import { siteTrustFor } from '../core/policy';
import { REGISTRY } from '../core/resolver';
import { type PageToolDefinition, pageToolDigest } from '../core/resolver/page-tools';
import { sameSite } from '../core/text';
import type { PageToolRegistration } from '../messages/content-background';
import { getPolicy } from './policy-store';
import type { FrameSender } from './sender';
import { serially } from './serial';

/**
 * Page tools per tab, in storage.session so they survive the service worker being stopped.
 * Provider and tier come from the browser-stamped sender; the page only supplies the definition.
 */
/** `removed` keeps the last digest of an unregistered tool, so a changed re-registration is still seen. */
type Stored = PageToolDefinition & { tabId: number; frameId: number; documentId: string | null; removed?: boolean; generation?: number };
const key = (tabId: number) => `pageTools.v1.${tabId}`;
const NAME = /^[A-Za-z0-9_.:-]{1,128}$/;
const MAX_SCHEMA_CHARS = 32_000;

export type RegistrationOutcome =
  | { status: 'registered'; tool: PageToolDefinition }
  | { status: 'changed'; tool: PageToolDefinition; previousDigest: string }
  | { status: 'refused'; reason: 'shadowed_tool' | 'malformed_proposal'; message: string };

export async function registerPageTool(sender: FrameSender, registration: PageToolRegistration): Promise<RegistrationOutcome> {
  if (!NAME.test(registration.name))
    return { status: 'refused', reason: 'malformed_proposal', message: 'Tool names are 1–128 letters, digits, _ . : -.' };
  if (REGISTRY.has(registration.name)) {
    return { status: 'refused', reason: 'shadowed_tool', message: `A page may not register the built-in name "${registration.name}".` };
  }
  if (JSON.stringify(registration.inputSchema).length > MAX_SCHEMA_CHARS) {
    return { status: 'refused', reason: 'malformed_proposal', message: 'The inputSchema is too large.' };
  }
  if (!sender.frameOrigin)
    return { status: 'refused', reason: 'malformed_proposal', message: 'A frame without an origin cannot provide tools.' };

  const annotations = registration.annotations ?? {};
  const definition = { name: registration.name, description: registration.description, inputSchema: registration.inputSchema, annotations };
  const provider = sender.frameOrigin;
  const tier = tierOf(sender, siteTrustFor(await getPolicy(), sender.frameOrigin));
  return serially(key(sender.tabId), async (): Promise<RegistrationOutcome> => {
    const tools = await stored(sender.tabId);
    // One entry per registering frame: a same-origin subframe cannot take over the top frame's tool.
    const previous = tools.find((t) => t.provider === provider && t.name === definition.name && t.frameId === sender.frameId);
    // Any re-registration is a new generation, so a new digest: an agent that listed the tool
    // before must list it again (M4), whatever changed or did not.
    const generation = previous ? (previous.generation ?? 0) + 1 : 0;
    const tool: Stored = {
      ...definition,
      provider,
      tier,
      digest: pageToolDigest({ ...definition, source: registration.source, generation }),
      handle: `${sender.tabId}:${sender.frameId}`,
      tabId: sender.tabId,
      frameId: sender.frameId,
      documentId: sender.documentId,
      generation,
    };
    await save(sender.tabId, [...tools.filter((t) => t !== previous), tool]);
    if (previous) return { status: 'changed', tool, previousDigest: previous.digest };
    return { status: 'registered', tool };
  });
}

/**
 * Where the frame sits decides the tier (top frame › same-site frames › cross-site frames),
 * unless the policy says otherwise: a trusted site's tools rank with the top frame's, an
 * untrusted site's never above cross-site.
 */
function tierOf(sender: FrameSender, trust: 'trusted' | 'default' | 'untrusted'): PageToolDefinition['tier'] {
  if (trust === 'trusted') return 'top';
  if (trust === 'untrusted') return 'cross-site';
  return sender.frameId === 0 ? 'top' : sameSite(sender.frameOrigin, sender.tabUrl) ? 'same-site' : 'cross-site';
}

export async function unregisterPageTool(sender: FrameSender, name: string): Promise<void> {
  await serially(key(sender.tabId), async () => {
    const tools = await stored(sender.tabId);
    const mine = (t: Stored) => t.name === name && t.provider === sender.frameOrigin && t.frameId === sender.frameId;
    await save(
      sender.tabId,
      tools.map((t) => (mine(t) ? { ...t, removed: true } : t)),
    );
  });
}

/** The tools a tab offers now. */
export async function pageToolsOf(tabId: number): Promise<Stored[]> {
  return (await stored(tabId)).filter((t) => !t.removed);
}

/**
 * The page tools one frame may list and call. The top frame, the page the user opened and where
 * an in-page assistant works for the tab, reaches every frame's tools (what embedding a frame
 * with allow="tools" offers it). A subframe reaches only tools of its own origin: anything more
 * would make Warrant a channel across the same-origin policy, through which an ad frame could run
 * the top page's tools, or another frame's, with arguments of its choosing.
 */
export async function pageToolsFor(sender: FrameSender): Promise<Stored[]> {
  const tools = await pageToolsOf(sender.tabId);
  return sender.frameId === 0 ? tools : tools.filter((t) => t.provider === sender.frameOrigin);
}

async function stored(tabId: number): Promise<Stored[]> {
  const value = (await browser.storage.session.get(key(tabId)))[key(tabId)];
  return Array.isArray(value) ? (value as Stored[]) : [];
}

export function locate(tool: PageToolDefinition): { tabId: number; frameId: number; documentId: string | null } {
  const stored = tool as Partial<Stored>;
  const [tabId, frameId] = tool.handle.split(':').map(Number);
  return { tabId: tabId!, frameId: frameId!, documentId: stored.documentId ?? null };
}

async function save(tabId: number, tools: Stored[]): Promise<void> {
  if (tools.length === 0) await browser.storage.session.remove(key(tabId));
  else await browser.storage.session.set({ [key(tabId)]: tools });
}

/** A tab that loads a new top-level document has none of the old page's tools. */
export function clearPageToolsOnNavigation(): void {
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status === 'loading' && change.url !== undefined) void browser.storage.session.remove([key(tabId), `listing.v1.${tabId}`]);
  });
  browser.tabs.onRemoved.addListener((tabId) => void browser.storage.session.remove([key(tabId), `listing.v1.${tabId}`]));
}
