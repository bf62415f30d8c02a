import browser from 'webextension-polyfill';
import { AskListResponseSchema, type AskRequest, type PendingAsk } from '../messages/ask-ui';

/**
 * "Waiting for you": each action an assistant proposed that needs the user, with what Warrant
 * observed and why it asks. Approve / Deny answer it; approving may cover this same transaction
 * on this site for a few minutes. Page-supplied strings only ever become text.
 */
export function initPending(root: HTMLElement, signal: AbortSignal): void {
  const render = async () => {
    const parsed = AskListResponseSchema.safeParse(await browser.runtime.sendMessage({ kind: 'ask:list' } satisfies AskRequest));
    const asks = parsed.success ? parsed.data : [];
    root.replaceChildren(...(asks.length > 0 ? [heading(asks.length), ...asks.map((ask) => askItem(ask, render))] : []));
    root.hidden = asks.length === 0;
  };
  const onChange = (changes: Record<string, unknown>, area: string) => {
    if (area === 'session' && 'asks.v1' in changes) void render();
  };
  browser.storage.onChanged.addListener(onChange);
  signal.addEventListener('abort', () => browser.storage.onChanged.removeListener(onChange));
  void render();
}

function heading(count: number): HTMLElement {
  const h = document.createElement('h2');
  h.textContent = `Waiting for you (${count})`;
  return h;
}

function askItem(ask: PendingAsk, refresh: () => Promise<void>): HTMLElement {
  const item = document.createElement('article');
  item.className = 'ask';
  item.dataset.askId = ask.id;
  item.append(
    text('p', 'what', `${ask.tool}${ask.label ? ` “${ask.label.slice(0, 80)}”` : ''}${ask.target ? ` — ${ask.target.slice(0, 120)}` : ''}`),
    text('p', 'where', `${ask.origin ?? 'unknown site'}${ask.agent ? ` · asked by ${ask.agent.slice(0, 60)}` : ''}`),
    ...(ask.destination ? [text('p', 'destination', `Goes to ${ask.destination}`)] : []),
    list(
      'reasons',
      ask.reasons.map((r) => `${r.code}: ${r.message}`),
    ),
    details('What Warrant observed', ask.evidence),
  );
  if (ask.crop) {
    const image = document.createElement('img');
    image.alt = 'The target as rendered';
    image.src = ask.crop;
    item.append(image);
  }
  const remember = document.createElement('label');
  const checkbox = document.createElement('input');
  checkbox.type = 'checkbox';
  const minutes = document.createElement('select');
  for (const value of [5, 15, 60]) minutes.append(new Option(`${value} minutes`, String(value)));
  remember.append(checkbox, ' Approve this same action on this site for ', minutes);

  const answer = (approved: boolean) => async () => {
    const request: AskRequest = { kind: 'ask:answer', id: ask.id, approved };
    if (approved && checkbox.checked) request.rememberMinutes = Number(minutes.value);
    await browser.runtime.sendMessage(request);
    await refresh();
  };
  item.append(remember, button('Approve', 'approve', answer(true)), button('Deny', 'deny', answer(false)));
  return item;
}

function text(tag: string, className: string, content: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = content;
  return node;
}

function list(className: string, lines: string[]): HTMLElement {
  const ul = document.createElement('ul');
  ul.className = className;
  for (const line of lines) ul.append(text('li', '', line));
  return ul;
}

function details(summary: string, lines: string[]): HTMLElement {
  const node = document.createElement('details');
  node.append(text('summary', '', summary), list('evidence', lines));
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
