import { describe, expect, it } from 'vitest';
import { type FormEntry, type FormRequest, fieldsAgainst, formGenuine, requestDifference, uiElementValue } from '../../src/core/plan';

const entry = (name: string, value: string, extra: Partial<FormEntry> = {}): FormEntry => ({
  name,
  value,
  label: null,
  id: null,
  shown: true,
  ...extra,
});

const request = (entries: FormEntry[], extra: Partial<FormRequest> = {}): FormRequest => ({
  action: 'https://bank.example/pay',
  method: 'post',
  enctype: 'application/x-www-form-urlencoded',
  target: '',
  entries,
  truncated: false,
  ...extra,
});

const honest = request([
  entry('recipient', 'Alice', { label: 'Recipient:', id: 'to' }),
  entry('amount', '50', { label: 'Amount *' }),
  entry('currency', 'EUR', { shown: false }),
]);

describe('forms: claimed fields against the request sent', () => {
  it('matches by visible label, name or id, values after NFKC and white space', () => {
    expect(fieldsAgainst(honest, { Recipient: 'Alice', amount: '50' })).toEqual({ holds: true });
    expect(fieldsAgainst(honest, { to: ' Alice ', currency: 'EUR' })).toEqual({ holds: true });
    expect(fieldsAgainst(honest, { Amount: '５０' })).toEqual({ holds: true });
  });

  it('fails on a field not sent, or another value (case counts)', () => {
    expect(fieldsAgainst(honest, { IBAN: 'DE00' })).toMatchObject({ holds: false, code: 'form_mismatch' });
    expect(fieldsAgainst(honest, { Amount: '500' })).toMatchObject({ holds: false, code: 'form_mismatch' });
    expect(fieldsAgainst(honest, { Recipient: 'alice' })).toMatchObject({ holds: false, code: 'form_mismatch' });
  });

  it('does not take a lookalike, zero-width or bidi-laden value for the claimed one', () => {
    for (const value of ['\u0410lice', 'Al\u200bice', '\u202eecilA\u202c']) {
      const sent = request([entry('recipient', value, { label: 'Recipient' })]);
      const result = fieldsAgainst(sent, { Recipient: value === '\u202eecilA\u202c' ? value : 'Alice' });
      expect(result, JSON.stringify(value)).toMatchObject({ holds: false, code: 'form_mismatch' });
    }
  });

  it('is contradicted by a hidden entry of the same name with another value', () => {
    const sent = request([...honest.entries, entry('amount', '5000', { shown: false })]);
    const result = fieldsAgainst(sent, { Amount: '50' });
    expect(result).toMatchObject({ holds: false, code: 'form_mismatch' });
    expect(result.holds === false && result.message).toContain('5000');
    // A visible second choice (a checkbox group) is the user's to see, not a contradiction.
    const boxes = request([entry('topping', 'cheese', { label: 'Cheese' }), entry('topping', 'ham', { label: 'Ham' })]);
    expect(fieldsAgainst(boxes, { topping: 'ham' })).toEqual({ holds: true });
  });
});

describe('forms: where the request goes', () => {
  const judge = (action: string) => formGenuine('http://bank.example').evaluate(uiElementValue({ submission: request([], { action }) }));
  it('flags a lookalike destination, not another site as such or no submission', () => {
    expect(judge('http://xn--bnk-6cd.example/pay')).toMatchObject({ holds: false, code: 'lookalike_domain' });
    expect(judge('http://shop.example/pay')).toEqual({ holds: true });
    expect(formGenuine('http://bank.example').evaluate(uiElementValue())).toEqual({ holds: true });
  });
});

describe('forms: the request that leaves against the certified one', () => {
  it('is the same request whatever the order of entries', () => {
    expect(requestDifference(honest, { ...honest, entries: [...honest.entries].reverse() })).toBeNull();
  });
  it('names what changed: destination, method, target, an entry added or removed', () => {
    expect(requestDifference(honest, { ...honest, action: 'https://bank.example/steal' })).toMatch(/steal/);
    expect(requestDifference(honest, { ...honest, method: 'get' })).toMatch(/method/);
    expect(requestDifference(honest, { ...honest, target: '_blank' })).toMatch(/_blank/);
    expect(requestDifference(honest, { ...honest, entries: [...honest.entries, entry('amount', '5000')] })).toMatch(
      /also send amount = "5000"/,
    );
    expect(requestDifference(honest, { ...honest, entries: honest.entries.slice(1) })).toMatch(/no longer send recipient/);
  });
});
