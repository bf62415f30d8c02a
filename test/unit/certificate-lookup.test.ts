import { describe, expect, it } from 'vitest';
import { doubtsOf, paintedOf, pictureRegionsOf, textOf } from '../../src/background/evidence';
import { certificate as lookup } from '../../src/core';
import { certificate, honestEvidence } from './helpers/evidence';

describe('certificate(list, type): the typed lookup', () => {
  it("returns the first certificate's value of that type, parsed with its defaults", () => {
    const value = lookup(honestEvidence('#pay', 'Pay'), 'visible_text');
    expect(value).toEqual({ text: 'Pay', doubts: [], hiddenText: false, unreadPicture: false, painted: null, pictures: [] });
    expect(lookup(honestEvidence('#pay'), 'ax_name')?.name).toBe('Pay');
  });

  it('returns undefined when there is none, or when its value has another shape', () => {
    expect(lookup(honestEvidence('#pay'), 'frame_chain')).toBeUndefined();
    expect(lookup([certificate('visible_text', { text: 7 }, '#pay')], 'visible_text')).toBeUndefined();
    expect(lookup([certificate('hit_test', { points: 5, onTarget: 5, coveredBy: null, extra: 1 }, '#pay')], 'hit_test')).toBeUndefined();
  });
});

describe('evidence readers over the lookup', () => {
  const painted = { linear: [0, 1, -1, 0], width: 40, height: 12 };
  const label = (value: unknown) => [certificate('visible_text', value, '#pay')];

  it('read a well-formed label', () => {
    const list = label({ text: 'Pay', doubts: ['a mask'], hiddenText: false, painted });
    expect([textOf(list), paintedOf(list), doubtsOf(list)]).toEqual(['Pay', painted, ['a mask']]);
  });

  it('read nothing from a malformed label, and count it as a doubt so the pixels decide', () => {
    const list = label({ text: 'Pay', doubts: 'a mask' });
    expect([textOf(list), paintedOf(list)]).toEqual([null, null]);
    expect(doubtsOf(list)).toEqual(['the label certificate has no usable value']);
    expect(doubtsOf([])).toEqual([]);
  });

  it("read where a label's pictures lie; pictures that are no region make the label unusable, a doubt", () => {
    const region = { x: 0.05, y: 0.1, width: 0.2, height: 0.8 };
    expect(pictureRegionsOf(label({ text: 'Add to basket', doubts: [], pictures: [region] }))).toEqual([region]);
    expect(pictureRegionsOf(label({ text: 'Add to basket', doubts: [] }))).toEqual([]);
    const far = label({ text: 'Show details', doubts: [], pictures: [{ ...region, x: 9 }] });
    expect(pictureRegionsOf(far)).toEqual([]);
    expect(doubtsOf(far)).toEqual(['the label certificate has no usable value']);
  });
});
