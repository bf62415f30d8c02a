import { describe, expect, it, vi } from 'vitest';
import { claimTyped, fieldKeys, forgetTyped, type TypedStore } from '../../src/background/typed-history';
import { targetPrivilege } from '../../src/core/plan/privilege';
import { completedSensitive } from '../../src/core/plan/sensitive';
import { element } from './helpers/evidence';

// The store is passed in: the extension API is never reached.
vi.mock('webextension-polyfill', () => ({ default: {} }));

describe('a card number typed in pieces (typed-history.ts, sensitive.ts completedSensitive)', () => {
  // storage.session as a map, and a stored value the format does not know.
  const items = new Map<string, unknown>();
  const store: TypedStore = {
    get: async (key) => (items.has(key) ? { [key]: items.get(key) } : {}),
    set: async (values) => {
      for (const [key, value] of Object.entries(values)) items.set(key, value);
    },
    remove: async (key) => void items.delete(key),
  };

  it('keeps what was typed into each field of a tab, for two minutes, in storage.session, and forgets a closed tab', async () => {
    expect(await claimTyped(7, '7:0', ['#code'], '4111 1111 ', 1_000, store)).toBe('');
    expect(await claimTyped(7, '7:0', ['#city'], 'Paris', 1_000, store)).toBe('');
    expect(await claimTyped(8, '8:0', ['#code'], '9999', 1_000, store)).toBe('');
    expect(await claimTyped(7, '7:1', ['#code'], 'x', 2_000, store)).toBe('');
    expect(await claimTyped(7, '7:0', ['#code'], '1111', 3_000, store)).toBe('4111 1111 ');
    expect(await claimTyped(7, '7:0', ['#code'], '', 4_000, store)).toBe('4111 1111 1111');
    expect(await claimTyped(7, '7:0', ['#code'], '', 1_000 + 120_001, store)).toBe('1111');
    await forgetTyped(7, store);
    expect(await claimTyped(7, '7:0', ['#code'], '', 5_000, store)).toBe('');
    expect(await claimTyped(8, '8:0', ['#code'], '', 5_000, store)).toBe('9999');
    items.set('typed.v2.9', [{ frame: '9:0', keys: ['#code'], text: 1 }, 'x', null]);
    // Format 1 (keyed by the selector alone) is not read.
    items.set('typed.v1.10', [{ frame: '10:0', selector: '#code', text: '4111 1111 ', at: 5_000 }]);
    expect(await claimTyped(10, '10:0', ['#code'], '', 5_000, store)).toBe('');
    expect(await claimTyped(9, '9:0', ['#code'], '', 5_000, store)).toBe('');
  });

  it('keeps a field’s pieces while 63 pieces are typed elsewhere in between', async () => {
    expect(await claimTyped(12, '12:0', ['place:a'], '4111 1111 ', 1_000, store)).toBe('');
    for (let n = 0; n < 63; n += 1) await claimTyped(12, '12:0', [`place:other${n}`], 'x', 1_000, store);
    expect(await claimTyped(12, '12:0', ['place:a'], '1111', 1_000, store)).toBe('4111 1111 ');
  });

  it('joins a piece to the field’s earlier ones where its selector, its place or its token agrees', async () => {
    const field = (place: string, token: string) => ({ place: `place:${place}`, token: `token:${token}` });
    expect(await claimTyped(13, '13:0', fieldKeys('#code', field('p1', 't1')), '4111 ', 1_000, store)).toBe('');
    // Another selector, the same element where it was.
    expect(await claimTyped(13, '13:0', fieldKeys('label > input', field('p1', 't1')), '1111 ', 1_000, store)).toBe('4111 ');
    // The same element shifted by an element the page put before it: its token agrees.
    expect(await claimTyped(13, '13:0', fieldKeys('form input', field('p2', 't1')), '1111 ', 1_000, store)).toBe('4111 1111 ');
    // A new element the page put in its place: its place agrees.
    expect(await claimTyped(13, '13:0', fieldKeys('div input', field('p2', 't2')), '', 1_000, store)).toBe('4111 1111 1111 ');
    // Another field altogether, and the same selector in another frame.
    expect(await claimTyped(13, '13:0', fieldKeys('#city', field('p3', 't3')), 'Paris', 1_000, store)).toBe('');
    expect(await claimTyped(13, '13:1', fieldKeys('#code', field('p1', 't1')), '', 1_000, store)).toBe('');
  });

  it('judges two pieces claimed at once against each other: the second sees the first', async () => {
    const [first, second] = await Promise.all([
      claimTyped(11, '11:0', ['#code'], '4111 1111 ', 1_000, store),
      claimTyped(11, '11:0', ['#code'], '1111 1111', 1_000, store),
    ]);
    expect(first).toBe('');
    expect(completedSensitive(second, '1111 1111')).toBe('a payment card number');
  });

  it('names the card a piece completes, and nothing a piece adds to ordinary text or to a card already there', () => {
    expect(completedSensitive('4111 1111 ', '1111 1111')).toBe('a payment card number');
    expect(completedSensitive('4111111111', '111111')).toBe('a payment card number');
    expect(completedSensitive('', '1111 1111')).toBeNull();
    expect(completedSensitive('Par', 'is')).toBeNull();
    expect(completedSensitive('4111 1111 GIFT', '2026')).toBeNull();
    expect(completedSensitive('4111 1111 1111 1111', ' thanks')).toBeNull();
  });

  it('makes a type call that completes one a credential action', () => {
    const field = element({ tag: 'input', inputType: 'text' });
    const context = { visibleText: 'Gift code', typed: '1111 1111' };
    expect(targetPrivilege('type', 'interact', field, context)).toBe('interact');
    expect(targetPrivilege('type', 'interact', field, { ...context, typedBefore: '4111 1111 ' })).toBe('credential');
    expect(targetPrivilege('type', 'interact', field, { ...context, typedBefore: 'GIFT ' })).toBe('interact');
  });
});
