import { describe, expect, it } from 'vitest';
import { forgetTyped, recordTyped, typedBefore } from '../../src/background/typed-history';
import { targetPrivilege } from '../../src/core/plan/privilege';
import { completedSensitive } from '../../src/core/plan/sensitive';
import { element } from './helpers/evidence';

describe('a card number typed in pieces (typed-history.ts, sensitive.ts completedSensitive)', () => {
  it('keeps what was typed into each field of a tab, for two minutes, and forgets a closed tab', () => {
    recordTyped(7, '7:0', '#code', '4111 1111 ', 1_000);
    recordTyped(7, '7:0', '#city', 'Paris', 1_000);
    recordTyped(8, '8:0', '#code', '9999', 1_000);
    expect(typedBefore(7, '7:0', '#code', 2_000)).toBe('4111 1111 ');
    expect(typedBefore(7, '7:1', '#code', 2_000)).toBe('');
    expect(typedBefore(7, '7:0', '#code', 1_000 + 120_001)).toBe('');
    recordTyped(7, '7:0', '#code', '1111', 3_000);
    expect(typedBefore(7, '7:0', '#code', 4_000)).toBe('4111 1111 1111');
    forgetTyped(7);
    expect(typedBefore(7, '7:0', '#code', 4_000)).toBe('');
    expect(typedBefore(8, '8:0', '#code', 4_000)).toBe('9999');
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
