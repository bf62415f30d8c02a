import { describe, expect, it } from 'vitest';
import { quoted, summariseAsk } from '../../src/core/plan/ask-summary';
import { AskSummarySchema } from '../../src/messages/ask-ui';
import { certificate, element } from './helpers/evidence';

const base = { pageTool: false, agent: null, frameOrigin: 'https://bank.example', label: null } as const;

describe('what an ask shows (built from certified facts)', () => {
  it('removes invisible and bidi controls from page strings and counts them', () => {
    expect(quoted('Pay\u202E 005$ \u200Bnow')).toEqual({ text: 'Pay 005$ now', removed: 2 });
    expect(quoted('a\u0007b')).toEqual({ text: 'a b', removed: 0 });
    expect(quoted('x'.repeat(300)).text).toHaveLength(201);
  });

  it('lists the fields a form sends, shown ones first, hidden ones marked, password fields masked and nothing else', () => {
    const submission = {
      action: 'https://evil.example/collect',
      method: 'post' as const,
      enctype: 'application/x-www-form-urlencoded',
      target: '',
      truncated: false,
      entries: [
        { name: 'amount', value: '5000', label: null, id: null, shown: false },
        { name: 'to', value: 'Alice', label: 'Recipient', id: 'to', shown: true },
        { name: 'pin', value: '1234', label: 'PIN', id: null, shown: true, password: true },
        // A name that sounds secret hides nothing: the page shows it, and the value is what leaves
        // (a red team, Dec 7: "amount_token", rewritten to 1000 by the page, was masked in the ask).
        { name: 'amount_token', value: '1000', label: 'Amount', id: null, shown: true },
        { name: 'csrf_token', value: 'abc123', label: null, id: null, shown: false },
        // A password field the page does not show hides nothing from anyone but the user (a review, Dec 7).
        { name: 'amount', value: '1000', label: null, id: null, shown: false, password: true },
      ],
    };
    const summary = summariseAsk({
      ...base,
      tool: 'submit',
      args: { target: '#f' },
      label: 'Recipient Amount Send',
      certificates: [certificate('ui_element', element({ tag: 'form', submission }), '#f')],
    });
    // A form's own text names nothing; its fields say what it sends.
    expect(summary.label).toBeNull();
    expect(summary.action).toBe('submit');
    expect(summary.site).toBe('bank.example');
    expect(summary.fields.map((f) => [f.label?.text ?? f.name.text, f.value.text, f.shown])).toEqual([
      ['Recipient', 'Alice', true],
      ['PIN', '••••••', true],
      ['Amount', '1000', true],
      ['amount', '5000', false],
      ['csrf_token', 'abc123', false],
      ['amount', '1000', false],
    ]);
    expect(summary.destination).toMatchObject({ host: 'evil.example', otherSite: true });
    expect(AskSummarySchema.safeParse(summary).success).toBe(true);
  });

  it('says where a link leads, and when it imitates the site', () => {
    const summary = summariseAsk({
      ...base,
      tool: 'click',
      args: { target: '#a' },
      label: 'Your account',
      certificates: [certificate('ui_element', element({ href: 'https://xn--bnk-6cd.example/login' }), '#a')],
    });
    expect(summary.destination?.reads).toBe('bаnk.example');
    expect(summary.destination?.otherSite).toBe(true);
    expect(summary.destination?.impersonates).toMatch(/reads as bank\.example/);
    expect(summary.label).toEqual({ text: 'Your account', removed: 0 });
  });

  it('never shows what is typed into a password field', () => {
    const args = { target: '#pw', text: 'hunter2' };
    const summary = summariseAsk({
      ...base,
      tool: 'type',
      args,
      certificates: [certificate('ui_element', element({ isPassword: true }), '#pw')],
    });
    expect(summary.typed).toEqual({ text: { text: '••••••', removed: 0 }, masked: true });
    expect(JSON.stringify(summary)).not.toContain('hunter2');
  });

  it('marks the assistant’s self-description as its own words and keeps the site port', () => {
    const summary = summariseAsk({
      ...base,
      tool: 'navigate',
      args: { url: 'https://bank.example:8443/transfer' },
      agent: 'Bank\u2066 official\u2069 helper',
      frameOrigin: 'https://bank.example:8443',
      certificates: [],
    });
    expect(summary.site).toBe('bank.example:8443');
    expect(summary.agent).toEqual({ text: 'Bank official helper', removed: 2 });
    expect(summary.destination?.otherSite).toBe(false);
  });
});
