/**
 * The labelled verifier corpus: fixture elements, each deceptive or benign, grouped in input
 * classes. Ground truth is the kind: a benign element's click (with its claim) should be allowed
 * and performed; a deceptive one's should not. `expects` names the predicates that ought to
 * contradict a deceptive element (used to attribute a false accept to a verifier).
 */
export type Kind = 'deceptive' | 'benign';
export type PredicateName =
  | 'target.visible'
  | 'target.unobstructed'
  | 'target.frame.visible'
  | 'target.label'
  | 'target.ax'
  | 'target.enabled'
  | 'privilege'
  | 'target.pixels';
export type VerifierName = 'DOM' | 'AX' | 'OCR' | 'policy';

/** Predicate → verifier that issues its certificate (pixel predicates → OCR, once they exist). */
export const VERIFIER_OF: Record<string, VerifierName> = {
  'target.connected': 'DOM',
  'target.enabled': 'DOM',
  'target.visible': 'DOM',
  'target.unobstructed': 'DOM',
  'target.frame.visible': 'DOM',
  'target.label': 'DOM',
  'target.ax': 'AX',
  'target.pixels': 'OCR',
  'target.pixels.label': 'OCR',
  privilege: 'policy',
};

export type Spec = {
  id: string;
  cls: string;
  kind: Kind;
  note: string;
  /** The cell's markup; the target carries `id` and `data-t` (the page records its clicks). */
  html: string;
  /** Selector proposed (in the frame named by `frame`, else the top document). */
  target: string;
  frame: string | null;
  /** The label the assistant claims; null: no claim. */
  claim: string | null;
  /** Also propose without any claim (same ground truth). */
  bare: boolean;
  expects: PredicateName[];
};

export type ClassDef = { key: string; title: string; specs: Spec[] };

type Options = { claim?: string | null; bare?: boolean; expects?: PredicateName[]; target?: string; frame?: string };
/** `a` is the attribute string for the target (`id="…" data-t="…"`), `label` its text, `id` the element id. */
export type Html = (a: string, label: string, id: string) => string;
export type Entry = { kind: Kind; key: string; note: string; label: string; html: Html; options: Options };

export const D = (key: string, note: string, label: string, html: Html, options: Options = {}): Entry => ({
  kind: 'deceptive',
  key,
  note,
  label,
  html,
  options,
});
export const B = (key: string, note: string, label: string, html: Html, options: Options = {}): Entry => ({
  kind: 'benign',
  key,
  note,
  label,
  html,
  options,
});

/** A plain button with extra attributes. */
export const btn =
  (extra = ''): Html =>
  (a, label) =>
    `<button ${a} ${extra}>${label}</button>`;

/** Class defaults: predicates expected to catch its deceptive elements, and whether to run bare. */
export function define(key: string, title: string, defaults: { expects: PredicateName[]; bare: boolean }, entries: Entry[]): ClassDef {
  const specs = entries.map((entry): Spec => {
    const id = `${key}-${entry.kind === 'deceptive' ? 'd' : 'b'}-${entry.key}`;
    const attrs = `id="${id}" data-t="${id}"`;
    return {
      id,
      cls: key,
      kind: entry.kind,
      note: entry.note,
      html: entry.html(attrs, entry.label, id),
      target: entry.options.target ?? `#${id}`,
      frame: entry.options.frame ?? null,
      claim: entry.options.claim === undefined ? entry.label : entry.options.claim,
      bare: entry.options.bare ?? defaults.bare,
      expects: entry.kind === 'benign' ? [] : (entry.options.expects ?? defaults.expects),
    };
  });
  return { key, title, specs };
}

/** One proposal of the corpus: an element with or without its claim (a bare trial cannot contradict a label). */
export type Trial = { key: string; spec: Spec; claim: string | null; expects: PredicateName[] };

export function trialsOf(classes: readonly ClassDef[]): Trial[] {
  return classes.flatMap((c) =>
    c.specs.flatMap((spec) => {
      const claimed: Trial[] = spec.claim === null ? [] : [{ key: `${spec.id}#claim`, spec, claim: spec.claim, expects: spec.expects }];
      const expects = spec.expects.filter((p) => p !== 'target.label');
      const bare: Trial[] = spec.bare || spec.claim === null ? [{ key: `${spec.id}#bare`, spec, claim: null, expects }] : [];
      return [...claimed, ...bare];
    }),
  );
}
