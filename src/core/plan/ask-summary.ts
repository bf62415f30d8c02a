import type { Certificate } from '../contracts';
import { findInvisibles, hostToUnicode, stripInvisibles } from '../text';
import { sameSite } from '../text/site';
import { certificate } from './certificates';
import { firstImpersonation } from './links';
import type { UiElementValue } from './observations';

/**
 * What an ask shows a person, built from what Warrant certified (never from the assistant's
 * claims): the site, the action in plain words, where it leads, what it sends or types. Strings
 * the page or the assistant supplied are `Quoted`: invisible and bidi control characters removed
 * and counted, so the prompt can mark them, and they are only ever shown set apart as "the page
 * says" / "the assistant says". Pure: the popup renders it, the background builds it.
 */

export type Quoted = { text: string; removed: number };
export type SummaryField = { label: Quoted | null; name: Quoted; value: Quoted; shown: boolean; masked: boolean };
export type AskSummary = {
  /** The site as it reads (Unicode host); null for pages without a host. */
  site: string | null;
  /** Warrant's own words: what approving does. */
  action: 'click' | 'type' | 'submit' | 'select' | 'navigate' | 'scroll' | 'page-tool' | 'other';
  /** The target's label as the page shows it. */
  label: Quoted | null;
  /** Where the action leads, if anywhere (a link, a form's action, a navigation). */
  destination: { url: Quoted; host: string; reads: string | null; otherSite: boolean; impersonates: string | null } | null;
  /** A form submission: the entries it sends (shown ones first), and how many more it holds. */
  fields: SummaryField[];
  moreFields: number;
  /** `type`: the text that will be typed (masked for password fields). */
  typed: { text: Quoted; masked: boolean } | null;
  /** `select`: the option chosen. */
  option: Quoted | null;
  /** A page tool's name. */
  toolName: Quoted | null;
  /** How the assistant described itself (its own words: no evidence of anything). */
  agent: Quoted | null;
};

const LIMIT = 200;
const MAX_FIELDS = 12;

export function quoted(value: string, max = LIMIT): Quoted {
  const removed = findInvisibles(value).length;
  const clean = stripInvisibles(value).replace(/[\p{Cc}]+/gu, ' ');
  return { text: clean.length > max ? `${clean.slice(0, max)}…` : clean, removed };
}

const ACTIONS: readonly AskSummary['action'][] = ['click', 'type', 'submit', 'select', 'navigate', 'scroll'];

export type SummaryInput = {
  tool: string;
  args: Readonly<Record<string, unknown>>;
  /** True for a page-registered (WebMCP) tool. */
  pageTool: boolean;
  label: string | null;
  agent: string | null;
  frameOrigin: string | null;
  certificates: readonly Certificate[];
};

export function summariseAsk(input: SummaryInput): AskSummary {
  const element = uiElementOf(input.certificates);
  const action: AskSummary['action'] = input.pageTool ? 'page-tool' : (ACTIONS.find((action) => action === input.tool) ?? 'other');
  const submission = element?.submission ?? null;
  const url =
    action === 'navigate' && typeof input.args.url === 'string'
      ? input.args.url
      : submission && (action === 'submit' || action === 'click')
        ? submission.action
        : action === 'click'
          ? (element?.href ?? null)
          : null;
  const masked = element?.isPassword === true;
  const fields = submission
    ? [...submission.entries]
        .sort((a, b) => Number(b.shown) - Number(a.shown))
        .map(
          (entry): SummaryField => ({
            label: entry.label ? quoted(entry.label, 60) : null,
            name: quoted(entry.name, 60),
            value: quoted(entry.password === true && entry.shown ? '••••••' : entry.value, 80),
            shown: entry.shown,
            masked: entry.password === true && entry.shown,
          }),
        )
    : [];
  return {
    site: hostReading(input.frameOrigin),
    action,
    // A form's own text (every label in it) names nothing: the fields below say what it sends.
    label: input.label && element?.tag !== 'form' ? quoted(input.label) : null,
    destination: url ? destinationOf(url, input.frameOrigin) : null,
    fields: fields.slice(0, MAX_FIELDS),
    moreFields: Math.max(0, fields.length - MAX_FIELDS) + (submission?.truncated ? 1 : 0),
    typed:
      action === 'type' && typeof input.args.text === 'string'
        ? { text: masked ? { text: '••••••', removed: 0 } : quoted(input.args.text), masked }
        : null,
    option: action === 'select' && typeof input.args.option === 'string' ? quoted(input.args.option) : null,
    toolName: action === 'page-tool' ? quoted(input.tool, 80) : null,
    agent: input.agent ? quoted(input.agent, 60) : null,
  };
}

function uiElementOf(certificates: readonly Certificate[]): UiElementValue | null {
  return certificate(certificates, 'ui_element') ?? null;
}

/** The host as a reader sees it (Unicode), with the port when it is not the scheme's default. */
function hostReading(originOrUrl: string | null): string | null {
  if (!originOrUrl) return null;
  try {
    const url = new URL(originOrUrl);
    if (url.hostname === '') return null;
    const host = hostToUnicode(url.hostname) ?? url.hostname;
    return url.port ? `${host}:${url.port}` : host;
  } catch {
    return null;
  }
}

function destinationOf(url: string, frameOrigin: string | null): NonNullable<AskSummary['destination']> {
  let host = '';
  try {
    host = new URL(url).hostname;
  } catch {
    host = '';
  }
  const reads = host ? hostToUnicode(host) : null;
  return {
    url: quoted(url, 300),
    host,
    reads: reads !== null && reads !== host ? reads : null,
    otherSite: frameOrigin !== null && host !== '' && !sameSite(url, frameOrigin),
    impersonates: frameOrigin ? firstImpersonation(url, frameOrigin) : null,
  };
}
