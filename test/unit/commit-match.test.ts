import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderCommitIndex, TARGET } from '../../scripts/gen-commit-index';
import { amountReader } from '../../src/core/plan/amounts';
import { lexiconLists, skeletonLists } from '../../src/core/plan/commit-index';
import { PLAIN_MATCHER, SKELETON_MATCHER } from '../../src/core/plan/commit-index.generated';
import { asciiFoldedSkeleton, commitmentClassifier, foldLabel, matcherFrom, matchesLexicon } from '../../src/core/plan/commit-match';
import { namesCommitment } from '../../src/core/plan/privilege';
import { closedConfusables, foldedSkeleton, skeleton } from '../../src/core/text/confusables';
import { INVISIBLE } from '../../src/core/text/normalize';
import { closeConfusables, decodeConfusables, NATIVE_OPS, type TextOps } from '../../src/core/text/skeleton-ops';

/** Ops captured now, as the MAIN world captures them at document_start (primordials.ts). */
function capturedOps(): TextOps {
  const { normalize, toLowerCase, replace, split, search, startsWith, includes, indexOf, slice, codePointAt } = String.prototype;
  const { get, set } = Map.prototype;
  const call = Reflect.apply;
  const define = Object.defineProperty;
  return {
    normalize: (s, form) => call(normalize, s, [form]),
    lower: (s) => call(toLowerCase, s, []),
    replace: (s, p, by) => call(replace, s, [p, by]),
    split: (s, p) => call(split, s, [p]),
    search: (s, p) => call(search, s, [p]) >= 0,
    regExp: (source, flags) => new RegExp(source, flags),
    startsWith: (s, part) => call(startsWith, s, [part]),
    includes: (s, part) => call(includes, s, [part]),
    indexOf: (s, part, from) => call(indexOf, s, [part, from]),
    slice: (s, a, b) => call(slice, s, [a, b]),
    codePointAt: (s, at) => call(codePointAt, s, [at]),
    fromCodePoint: String.fromCodePoint,
    parseInt: Number.parseInt,
    mapGet: (m, k) => call(get, m, [k]),
    mapSet: (m, k, v) => void call(set, m, [k, v]),
    newMap: () => new Map(),
    append: (list, item) =>
      void define(list, list.length, {
        __proto__: null,
        value: item,
        writable: true,
        enumerable: true,
        configurable: true,
      } as PropertyDescriptor),
  };
}

describe('one commitment classifier for the core and the MAIN world (issue 11 §7)', () => {
  const LOOKALIKES = ['Раy now', 'Rҽmoѵe item', 'Ꮯonfirm', 'Τransfer funds', 'Delеte account', 'Оплатить', 'Ｐａｙ'];
  const BENIGN = ['Play', 'Show details', 'Next page', 'Open menu', 'Payload viewer'.replace('Payload', 'Preview')];

  it('names lookalike spellings of commitments, in the core and over captured ops alike', () => {
    const main = commitmentClassifier(capturedOps());
    for (const label of LOOKALIKES) {
      expect(namesCommitment(label), label).toBe(true);
      expect(main.namesCommitment(label), label).toBe(true);
    }
    for (const label of BENIGN) {
      expect(namesCommitment(label), label).toBe(false);
      expect(main.namesCommitment(label), label).toBe(false);
    }
  });

  it('agrees with the core on every lexicon word spelled with each confusable of each letter', () => {
    const main = commitmentClassifier(capturedOps());
    const sources = new Map<string, string[]>();
    for (const [code, prototype] of closedConfusables()) {
      if (prototype.length !== 1 || !/[a-z]/u.test(prototype)) continue;
      sources.set(prototype, [...(sources.get(prototype) ?? []), String.fromCodePoint(code)]);
    }
    const words = lexiconLists(NATIVE_OPS).words;
    let tried = 0;
    for (const word of [...words].filter((w) => /^[a-z]+$/u.test(w)).slice(0, 120)) {
      for (let at = 0; at < word.length; at += 1) {
        for (const swap of (sources.get(word[at]!) ?? []).slice(0, 6)) {
          const label = `${word.slice(0, at)}${swap}${word.slice(at + 1)}`;
          expect(main.namesCommitment(label), label).toBe(namesCommitment(label));
          tried += 1;
        }
      }
    }
    expect(tried).toBeGreaterThan(1_000);
  });

  it('keeps its answer when a page patches the built-ins after capture', () => {
    const main = commitmentClassifier(capturedOps());
    const { normalize, toLowerCase } = String.prototype;
    const mapGet = Map.prototype.get;
    try {
      String.prototype.normalize = () => '';
      String.prototype.toLowerCase = () => 'nothing';
      Map.prototype.get = () => undefined;
      expect(main.namesCommitment('Раy now')).toBe(true);
      expect(main.namesCommitment('Play')).toBe(false);
    } finally {
      String.prototype.normalize = normalize;
      String.prototype.toLowerCase = toLowerCase;
      Map.prototype.get = mapGet;
    }
  });

  it('builds the same closed table the core skeletons use, and the same skeletons', () => {
    const closed = closeConfusables(capturedOps(), decodeConfusables(capturedOps()));
    expect(closed.size).toBe(closedConfusables().size);
    for (const [code, prototype] of closedConfusables()) expect(closed.get(code)).toBe(prototype);
    expect(skeleton('pаypal')).toBe(skeleton('paypal'));
  });

  it('keeps the generated index, lexicon skeletons and ASCII map in step with the core (npm run gen:commit-index)', () => {
    expect(renderCommitIndex()).toBe(readFileSync(TARGET, 'utf8'));
    // What the classifier reads is what the lists build, in the core and over captured ops.
    for (const ops of [NATIVE_OPS, capturedOps()]) {
      const plain = lexiconLists(ops);
      const skeletons = skeletonLists(ops);
      expect(matcherFrom(ops, PLAIN_MATCHER()).index).toEqual(plain.index);
      expect(matcherFrom(ops, SKELETON_MATCHER()).index).toEqual(skeletons.index);
      expect(String(matcherFrom(ops, PLAIN_MATCHER()).patterns.inside)).toBe(String(plain.patterns.inside));
      expect(String(matcherFrom(ops, SKELETON_MATCHER()).patterns.inside)).toBe(String(skeletons.patterns.inside));
    }
    const generated = skeletonLists(NATIVE_OPS);
    const computed = lexiconLists(NATIVE_OPS, (item) => foldLabel(NATIVE_OPS, foldedSkeleton(item)));
    expect(new Set(generated.words)).toEqual(new Set(computed.words));
    expect(new Set(generated.stems)).toEqual(new Set(computed.stems));
    expect(new Set(generated.phrases)).toEqual(new Set(computed.phrases));
    expect(new Set(generated.inside)).toEqual(new Set(computed.inside));
  });

  it("computes an ASCII label's skeleton without the table exactly as the table does", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let i = 0; i < 5_000; i += 1) {
      let label = '';
      for (let n = next() % 24; n > 0; n -= 1) label += String.fromCharCode(0x20 + (next() % 95));
      const fast = asciiFoldedSkeleton(NATIVE_OPS, label);
      if (label.includes('%')) expect(fast).toBeNull();
      else expect(fast, JSON.stringify(label)).toBe(foldedSkeleton(label));
    }
    expect(asciiFoldedSkeleton(NATIVE_OPS, 'Confirrn')).toBe(foldedSkeleton('Confirm'));
    expect(asciiFoldedSkeleton(NATIVE_OPS, 'Pay\tnow\n')).toBe(foldedSkeleton('Pay\tnow\n'));
    expect(asciiFoldedSkeleton(NATIVE_OPS, 'Раy')).toBeNull();
  });

  it('matches whole words, stems, phrases and parts of unspaced scripts', () => {
    const lists = lexiconLists(NATIVE_OPS);
    expect(matchesLexicon(NATIVE_OPS, 'pay now', lists)).toBe(true);
    expect(matchesLexicon(NATIVE_OPS, 'display', lists)).toBe(false);
    expect(INVISIBLE.flags).toContain('g');
  });

  it('answers as the lexicon did as alternations, words and stems looked up word by word', () => {
    // The reference: every list as one alternation over the spaced label (commit-match.ts before
    // the words and stems were indexed, to keep their machine code out of every page's heap).
    const literal = (item: string) => item.replace(/[\\^$.*+?()[\]{}|/]/gu, '\\$&');
    const alternation = (items: readonly string[]) => {
      const kept = items.filter((item) => item !== '');
      return kept.length === 0 ? null : `(?:${kept.map(literal).join('|')})`;
    };
    const reference = (
      folded: string,
      lists: { words: readonly string[]; stems: readonly string[]; phrases: readonly string[]; inside: readonly string[] },
    ) => {
      const spaced = ` ${folded.replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')} `;
      const w = alternation(lists.words);
      const s = alternation(lists.stems);
      const p = alternation(lists.phrases);
      const i = alternation(lists.inside);
      return (
        (w !== null && new RegExp(` ${w}(?= )`, 'u').test(spaced)) ||
        (s !== null && new RegExp(` ${s}`, 'u').test(spaced)) ||
        (p !== null && new RegExp(` ${p}(?= )`, 'u').test(spaced)) ||
        (i !== null && new RegExp(i, 'u').test(folded))
      );
    };
    let seed = 11;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const pick = <T>(items: readonly T[]) => items[next() % items.length]!;
    const separators = [' ', '  ', '-', '.', ' / ', '\u00a0', '', '!'];
    for (const [name, lists] of [
      ['lexicon', lexiconLists(NATIVE_OPS)],
      ['skeletons', skeletonLists(NATIVE_OPS)],
      // Items holding a space or shorter than a stem's key take the other path.
      ['odd items', lexiconLists(NATIVE_OPS, (item) => (item.length > 4 ? `${item.slice(0, 2)} ${item.slice(2)}` : item.slice(0, 2)))],
    ] as const) {
      const items = [...lists.words, ...lists.stems, ...lists.phrases, ...lists.inside];
      let matched = 0;
      for (let n = 0; n < 4_000; n += 1) {
        let label = '';
        for (let parts = 1 + (next() % 4); parts > 0; parts -= 1) {
          const item = pick(items);
          const cut = next() % 5;
          const word =
            cut === 0
              ? item.slice(1)
              : cut === 1
                ? item.slice(0, -1)
                : cut === 2
                  ? `${item}${pick(['s', 'x', 'ing', 'é'])}`
                  : cut === 3
                    ? `${pick(['re', 'x', 'un'])}${item}`
                    : item;
          label += `${word}${pick(separators)}`;
        }
        const folded = foldLabel(NATIVE_OPS, label);
        const expected = reference(folded, lists);
        if (expected) matched += 1;
        expect(matchesLexicon(NATIVE_OPS, folded, lists), `${name}: ${JSON.stringify(label)}`).toBe(expected);
        expect(matchesLexicon(capturedOps(), folded, lists), `${name}: ${JSON.stringify(label)}`).toBe(expected);
      }
      // Both answers occur often: the comparison is not all one way.
      expect(matched, name).toBeGreaterThan(800);
      expect(matched, name).toBeLessThan(3_800);
    }
  }, 60_000);

  it('answers the same after a page put setters on array indexes before the classifier was built', () => {
    // The MAIN world builds its classifier at the page's first click(), after page scripts ran. A
    // setter on an index of Object.prototype swallowed every item but the first of each stem and
    // phrase group ("Commander", "Pague ahora" went unflagged: a review, Dec 5).
    const labels = ['Commander', 'Pague ahora', 'Signez ici', 'Jetzt bestätigen', 'Pay now', 'Show details', 'Раy now', 'Оплатить'];
    const clean = commitmentClassifier(capturedOps());
    const expected = labels.map((label) => clean.namesCommitment(label));
    expect(expected.filter(Boolean).length).toBeGreaterThan(5);
    const ops = capturedOps();
    let swallowed = 0;
    const indexes = ['0', '1', '2', '3', '7'];
    let answers: boolean[] = [];
    for (const key of indexes) {
      Object.defineProperty(Object.prototype, key, {
        set: () => {
          swallowed += 1;
        },
        configurable: true,
      });
    }
    try {
      const polluted = commitmentClassifier(ops);
      answers = labels.map((label) => polluted.namesCommitment(label));
    } finally {
      for (const key of indexes) delete (Object.prototype as Record<string, unknown>)[key];
    }
    expect(answers).toEqual(expected);
    expect(swallowed).toBe(0);
  });

  it('escapes every regular-expression character an item holds, with native and captured ops', () => {
    // Today's lexicon holds none (its items take the fast path); an item that does is matched literally.
    // '-' included: it needs no escape outside a class, and a `u` pattern refuses one.
    for (const ops of [NATIVE_OPS, capturedOps()]) {
      for (const meta of '\\^$.*+?()[]{}|/-') {
        const lists = lexiconLists(ops, (item) => `${item}${meta}x`);
        const first = lists.inside[0]!.slice(0, -2);
        expect(lists.patterns.inside!.test(`${first}${meta}x`), meta).toBe(true);
        expect(lists.patterns.inside!.test(`${first}zx`), meta).toBe(false);
        expect(lists.patterns.inside!.test(`${first}x`), meta).toBe(false);
      }
    }
  });

  it('folds and splits an ASCII label without NFKC or property classes exactly as the full path does', () => {
    const slowFold = (label: string) => label.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
    const slowSplit = (folded: string) => folded.replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ');
    let seed = 3;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const labels = Array.from({ length: 128 }, (_, code) => `a${String.fromCharCode(code)}Z`);
    for (let i = 0; i < 5_000; i += 1) {
      let label = '';
      for (let n = next() % 20; n > 0; n -= 1) label += String.fromCharCode(next() % 128);
      labels.push(label);
    }
    for (const ops of [NATIVE_OPS, capturedOps()]) {
      for (const label of labels) {
        expect(foldLabel(ops, label), JSON.stringify(label)).toBe(slowFold(label));
        // The spaced label as matched: compared through a classifier answer on a crafted lexicon word.
        expect(slowSplit(foldLabel(ops, label))).toBe(foldLabel(ops, label).replace(/[^A-Za-z0-9]+/g, ' '));
      }
    }
    // And the classifier answers as before on ASCII labels with separators of every kind.
    const main = commitmentClassifier(capturedOps());
    for (const label of ['Pay\u0000now', 'pay\tnow', 'PAY~', '~pay~', 'paypal', 'x_pay_x', 'Check-out']) {
      expect(main.namesCommitment(label), label).toBe(namesCommitment(label));
    }
  });

  it('answers an ASCII label without digits before compiling the amount patterns, as they would', () => {
    const read = amountReader(NATIVE_OPS);
    // A snowman after a space forces the full path and changes no match (it is no letter, digit,
    // currency or format character): the reference answer for the same label.
    const reference = (label: string) => read(`${label} \u2603`);
    const tokens = [
      '$',
      '€',
      'kr',
      'KR',
      'EUR',
      'eur',
      'USD',
      'Rp',
      'R$',
      'zł',
      ' ',
      '  ',
      '.',
      ',',
      "'",
      '-',
      'x',
      'Pay',
      'TRY',
      '3D',
      '1',
      '49',
      '499',
      '1.200,50',
      '\t',
      '\u00a0',
    ];
    let seed = 5;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    let withoutDigits = 0;
    let sums = 0;
    for (let i = 0; i < 20_000; i += 1) {
      let label = '';
      for (let n = 1 + (next() % 5); n > 0; n -= 1) label += tokens[next() % tokens.length];
      const answer = read(label);
      expect(answer, JSON.stringify(label)).toBe(reference(label));
      if (!/[0-9]/.test(label)) {
        withoutDigits += 1;
        expect(answer).toBe(false);
      }
      if (answer) sums += 1;
    }
    expect(withoutDigits).toBeGreaterThan(1_000);
    expect(sums).toBeGreaterThan(1_000);
  });
});
