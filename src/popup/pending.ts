import browser from 'webextension-polyfill';
import type { AskSummary } from '../core/plan/ask-summary';
import { AskListResponseSchema, type AskRequest, type PendingAsk } from '../messages/ask-ui';
import { type MessageKey, t, tNodes } from '../ui/i18n';
import { facts } from './ask-facts';
import { text } from './dom';
import { plainReason } from './plain-reasons';

/**
 * "Waiting for you": each action an assistant proposed that needs the user, as a decision one can
 * make in a few seconds, in the manner of the browser's own permission prompts: the site first,
 * the action in Warrant's own words, where it leads and what it sends, then why Warrant asks, the
 * deadline, and buttons that say what they do. Whatever the page or the assistant wrote is set
 * apart ("The page shows", "The assistant calls itself") and only ever becomes text. Nothing is
 * focused by itself: a keystroke meant for the page cannot approve anything.
 */
export function initPending(root: HTMLElement, signal: AbortSignal): void {
  const announcer = liveRegion();
  const endedLines: string[] = [];
  let known = new Map<string, PendingAsk>();
  let shown: AbortController | null = null;
  signal.addEventListener('abort', () => shown?.abort(), { once: true });
  const draw = async () => {
    const parsed = AskListResponseSchema.safeParse(await browser.runtime.sendMessage({ kind: 'ask:list' } satisfies AskRequest));
    const asks = parsed.success ? parsed.data : [];
    const now = Date.now();
    const fresh = asks.filter((ask) => !known.has(ask.id));
    for (const ask of known.values()) {
      if (asks.some((a) => a.id === ask.id) || answeredHere.has(ask.id)) continue;
      endedLines.push(t(ask.expiresAt <= now + 1_000 ? 'endedTimeout' : 'endedElsewhere', siteOf(ask), actionPhrase(ask)));
    }
    if (fresh.length > 0) announcer.textContent = fresh.map((ask) => t('announceNew', siteOf(ask), actionPhrase(ask))).join(' ');
    known = new Map(asks.map((ask) => [ask.id, ask]));
    // Each rendering owns its countdowns; the next one (or closing the popup) stops them.
    shown?.abort();
    shown = new AbortController();
    const own = shown.signal;
    const endedNotes = endedLines.slice(-3).map((line) => text('p', 'ended', line));
    root.replaceChildren(
      ...(asks.length > 0 ? [heading(asks.length)] : []),
      ...endedNotes,
      ...asks.map((ask) => askItem(ask, render, own)),
    );
    root.hidden = asks.length === 0 && endedNotes.length === 0;
  };
  // One rendering at a time, in order: two changes close together must not report an ask twice.
  let queue = Promise.resolve();
  const render = (): Promise<void> => {
    queue = queue.then(draw, draw);
    return queue;
  };
  const onChange = (changes: Record<string, unknown>, area: string) => {
    if (area === 'session' && 'asks.v1' in changes) void render();
  };
  browser.storage.onChanged.addListener(onChange);
  signal.addEventListener('abort', () => browser.storage.onChanged.removeListener(onChange));
  void render();
}

/** Asks this popup answered itself: their leaving the list is no news. */
const answeredHere = new Set<string>();

/**
 * Announces new asks to screen readers: the page's own live region, there (empty, never hidden)
 * from the start, outside the list it would otherwise appear with. Made here if the page lacks it.
 */
function liveRegion(): HTMLElement {
  const existing = document.getElementById('ask-announcer');
  if (existing !== null) return existing;
  const region = document.createElement('p');
  region.id = 'ask-announcer';
  region.className = 'visually-hidden';
  region.setAttribute('role', 'status');
  document.body.append(region);
  return region;
}

function heading(count: number): HTMLElement {
  const h = document.createElement('h2');
  h.textContent = count === 1 ? t('askHeadingOne') : t('askHeadingMany', count);
  return h;
}

const siteOf = (ask: PendingAsk) => ask.summary?.site ?? ask.origin ?? t('thisPage');

/** What approving does, and the approve button's words, in Warrant's words (never the page's or the assistant's). */
type Words = { does: string; allow: string };
const WORDS: Record<Exclude<AskSummary['action'], 'other'>, { does: MessageKey; allow: MessageKey }> = {
  click: { does: 'does_click', allow: 'allow_click' },
  submit: { does: 'does_submit', allow: 'allow_submit' },
  type: { does: 'does_type', allow: 'allow_type' },
  select: { does: 'does_select', allow: 'allow_select' },
  navigate: { does: 'does_navigate', allow: 'allow_navigate' },
  scroll: { does: 'does_scroll', allow: 'allow_it' },
  'page-tool': { does: 'does_pageTool', allow: 'allow_pageTool' },
};

function wordsFor(ask: PendingAsk): Words {
  const summary = ask.summary;
  if (summary?.action === 'click' && summary.destination) return { does: t('does_link'), allow: t('allow_link') };
  if (summary?.action === 'type' && summary.typed?.masked) return { does: t('does_password'), allow: t('allow_type') };
  // The tool's name is the assistant's: a substitution, never a message.
  if (!summary || summary.action === 'other') return { does: t('does_other', ask.tool.slice(0, 40)), allow: t('allow_it') };
  const words = WORDS[summary.action];
  return { does: t(words.does), allow: t(words.allow) };
}

const actionPhrase = (ask: PendingAsk): string => wordsFor(ask).does;

function askItem(ask: PendingAsk, refresh: () => Promise<void>, signal: AbortSignal): HTMLElement {
  const summary = ask.summary;
  const item = document.createElement('article');
  item.className = 'ask';
  item.dataset.askId = ask.id;
  const titleId = `ask-title-${ask.id}`;
  item.setAttribute('aria-labelledby', titleId);

  const title = document.createElement('h3');
  title.id = titleId;
  title.className = 'site-line';
  const site = document.createElement('strong');
  site.className = 'site';
  site.textContent = siteOf(ask);
  title.append(site, ' ', t('askWants', actionPhrase(ask)));
  item.append(title);

  if (summary) item.append(...facts(summary));

  item.append(why(ask));
  if (ask.crop) {
    const figure = document.createElement('figure');
    figure.className = 'crop';
    const image = document.createElement('img');
    image.alt = t('askCropAlt');
    image.src = ask.crop;
    const caption = text('figcaption', '', t('askCropCaption'));
    figure.append(image, caption);
    item.append(figure);
  }
  item.append(technical(ask));

  const deadline = text('p', 'deadline', '');
  const tick = () => {
    const left = Math.max(0, Math.ceil((ask.expiresAt - Date.now()) / 1_000));
    deadline.textContent = left > 0 ? t('deadline', `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`) : t('timeUp');
  };
  tick();
  const timer = setInterval(tick, 1_000);
  signal.addEventListener('abort', () => clearInterval(timer));
  item.append(deadline);

  const remember = document.createElement('label');
  remember.className = 'remember';
  const checkbox = document.createElement('input');
  checkbox.type = 'checkbox';
  const minutes = document.createElement('select');
  minutes.setAttribute('aria-label', t('rememberLabel'));
  for (const value of [5, 15, 60]) minutes.append(new Option(t('rememberMinutes', value), String(value)));
  remember.append(checkbox, ' ', ...tNodes('rememberLine', siteOf(ask), minutes));

  const answer = (approved: boolean) => async () => {
    clearInterval(timer);
    answeredHere.add(ask.id);
    const request: AskRequest = { kind: 'ask:answer', id: ask.id, approved };
    if (approved && checkbox.checked) request.rememberMinutes = Number(minutes.value);
    await browser.runtime.sendMessage(request);
    await refresh();
  };
  const buttons = document.createElement('div');
  buttons.className = 'answers';
  buttons.append(button(t('dontAllow'), 'deny', answer(false)), button(wordsFor(ask).allow, 'approve', answer(true)));
  item.append(remember, buttons);
  return item;
}

function why(ask: PendingAsk): HTMLElement {
  const section = document.createElement('div');
  section.className = 'why';
  section.append(text('p', 'why-title', t('whyTitle')));
  const lines = [...new Set(ask.reasons.map((r) => plainReason(r.code)))];
  const ul = document.createElement('ul');
  ul.className = 'reasons';
  for (const line of lines) ul.append(text('li', '', line));
  section.append(ul);
  return section;
}

/** The technical view: the tool call, reason codes and messages, and each certificate as a row. */
function technical(ask: PendingAsk): HTMLElement {
  const node = document.createElement('details');
  node.className = 'technical';
  node.append(text('summary', '', t('details')));
  node.append(
    text('p', 'what', `${ask.tool}${ask.label ? ` “${ask.label.slice(0, 80)}”` : ''}${ask.target ? ` — ${ask.target.slice(0, 120)}` : ''}`),
  );
  if (ask.agent) node.append(text('p', 'where', t('askedByAgent', ask.agent.slice(0, 60))));
  const reasons = document.createElement('ul');
  reasons.className = 'codes';
  for (const r of ask.reasons) reasons.append(text('li', '', `${r.code}: ${r.message}`));
  const evidence = document.createElement('ul');
  evidence.className = 'evidence';
  for (const line of ask.evidence) evidence.append(text('li', '', line));
  node.append(reasons, text('p', 'observed-title', t('observedTitle')), evidence);
  return node;
}

function button(label: string, className: string, onClick: () => Promise<void>): HTMLButtonElement {
  const node = document.createElement('button');
  node.type = 'button';
  node.className = className;
  node.textContent = label;
  node.addEventListener('click', () => void onClick());
  return node;
}
