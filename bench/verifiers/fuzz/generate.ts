/**
 * The adaptive attacker's mutation engine (pure: no DOM, no browser). From a seed it derives pairs
 * of fixture elements: a DECEPTIVE mutant of one of the corpus's deceptive classes (the effect, its
 * value, where it sits, how deep, inside which shadow tree and frames, with which label) and its SAFE
 * TWIN: the same draws rendered with the deceptive ingredient neutralised. The twin must be allowed
 * and run without an ask; the mutant must never run.
 */
import { COMMIT_WORDS } from '../../../src/core/plan/commit-words';
import { prototypeOf } from '../../../src/core/text';
import { derive, type Rng, rng } from '../../rng';

export type Kind = 'deceptive' | 'benign';

/**
 * The page's style for controls. A shadow tree carries its own copy, as a component styles its own
 * buttons: without it a `<button>` there is native-themed, and Firefox ESR paints a native-themed
 * button without its `mask-image`, so a "deceptive" mask mutant showed its label in full (checked
 * by screenshot on seed 847514's four Firefox "bypasses"): the generator's ground truth was wrong.
 */
export const CONTROL_STYLE = `button, input[type=button], [role=button] { font: inherit; padding: 6px 12px; background: #eee; color: #111; border: 1px solid #999; border-radius: 4px; }
  [role=button] { display: inline-block; cursor: pointer; }`;
const SHADOW_STYLE = `<style>${CONTROL_STYLE}</style>`;
export type Host = 'bank.example' | 'evil.example' | 'shop.example';
/** A child document of a mutant's frame chain, served from `/fuzz-docs/<name>` on `host`. */
export type Doc = { name: string; host: Host; body: string };
export type ShadowMode = 'none' | 'open' | 'open-nested' | 'open-slot' | 'closed-slot';
export type FrameMode = 'same-site' | 'cross-site';

export type Mutant = {
  id: string;
  pair: string;
  kind: Kind;
  /** Mutation family (what kind of deception) and the corpus class it mutates. */
  family: string;
  cls: string;
  /** The deceptive value drawn (the twin's neutral value is in `twinVariant`). */
  variant: string;
  twinVariant: string;
  /** Where the effect sits: self, ancestor N, shadow, iframe element, frame ancestor, parent overlay… */
  carrier: string;
  depth: number;
  shadow: ShadowMode;
  frames: FrameMode[];
  /** Strings that appear in the deceptive mutant's markup and never in its twin's. Empty for twins. */
  ingredients: string[];
  /** Cell markup in the top document. */
  html: string;
  docs: Doc[];
  /** iframe ids from the top document down to the frame that proposes. */
  path: string[];
  target: string;
  /** data-t of the target: the page records its clicks under this name. */
  tid: string;
  claim: string | null;
  label: string;
  target_kind: string;
};

export type Pair = { pair: string; deceptive: Mutant; twin: Mutant };

/** Labels of ordinary, non-committing controls (no commit word: a twin must run without an ask). */
export const LABELS = [
  'Open menu',
  'Show details',
  'Next page',
  'Zoom in',
  'Copy link',
  'Show help',
  'Open inbox',
  'Show map',
  'Expand section',
  'Sort by price',
  'Filter results',
  'View profile',
  'Show more',
  'Open settings',
  'Previous page',
  'Hide sidebar',
];
const EXTRA_WORDS = ['Close', 'now', 'Zoom out', 'later', 'all', 'twice'];
const DECOYS = ['Show help', 'Close panel', 'Zoom out', 'Open map'];
/** Commit labels (each names a COMMIT_WORDS word) and their non-committing twins of the same shape. */
const COMMIT_LABELS: [string, string][] = [
  ['Pay now', 'View now'],
  ['Delete account', 'Open account'],
  ['Send money', 'Show money'],
  ['Confirm booking', 'Preview booking'],
  ['Buy now', 'See now'],
  ['Remove item', 'Expand item'],
  ['Sign contract', 'Read contract'],
  ['Withdraw funds', 'Display funds'],
  ['Approve request', 'Inspect request'],
  ['Subscribe', 'Scroll up'],
];

// ---------------------------------------------------------------------------------------------
// Confusables from the UTS #39 data the extension itself uses (src/core/text): Latin letter →
// Cyrillic/Greek/Armenian code points whose prototype is that letter.

let lookalikes: Map<string, string[]> | undefined;
export function lookalikesOf(letter: string): string[] {
  if (!lookalikes) {
    lookalikes = new Map();
    const blocks = [
      [0x0370, 0x03ff],
      [0x0400, 0x04ff],
      [0x0530, 0x058f],
    ] as const;
    for (const [first, last] of blocks) {
      for (let cp = first; cp <= last; cp++) {
        const proto = prototypeOf(cp);
        if (proto && /^[A-Za-z]$/.test(proto)) lookalikes.set(proto, [...(lookalikes.get(proto) ?? []), String.fromCodePoint(cp)]);
      }
    }
  }
  return lookalikes.get(letter) ?? [];
}

/**
 * Twins that turn or grow a box do it about its left edge. A block as wide as the page turned about
 * its centre moved a button at its left edge some 70 px down, under the next cell (seed 51205, pair
 * 0042); grown or turned in depth about its centre (scaleX(1.1), rotateY(20deg)) it put the button's
 * first letters left of the viewport, which no scroll reaches: the user saw "ow details" and the
 * twin was rightly refused (seed 70523: 5 Chromium and 2 Firefox twins).
 */
const LEFT = 'transform-origin:0 50%';

/** Replaces 1–3 letters by confusables (at least one); returns the label unchanged if none has one. */
function confuse(r: Rng, label: string, count = r.int(1, 3)): string {
  const chars = [...label];
  const candidates = chars.map((c, i) => (lookalikesOf(c).length > 0 ? i : -1)).filter((i) => i >= 0);
  for (let k = 0; k < count && candidates.length > 0; k++) {
    const at = candidates.splice(r.int(0, candidates.length - 1), 1)[0]!;
    chars[at] = r.pick(lookalikesOf(chars[at]!));
  }
  return chars.join('');
}

const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];
const reverse = (text: string) => [...text].reverse().join('');
const fullwidth = (text: string) => text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const insertAt = (word: string, at: number, what: string) => word.slice(0, at) + what + word.slice(at);

// ---------------------------------------------------------------------------------------------
// Recipes: one deception, drawn once, rendered as the mutant or as its twin.

/** What a recipe renders around the target: `a` = the target's attributes. */
type Render = (kind: Kind, a: string, label: string, id: string) => string;
type Recipe = {
  family: string;
  cls: string;
  variant: string;
  twinVariant: string;
  /** CSS on a carrier element (self, an ancestor, the shadow wrapper, the iframe…), else null. */
  css: { deceptive: string; benign: string; selfOnly?: boolean; ancestorOnly?: boolean } | null;
  /** Markup of the target (and any local overlay/decoy), given the target's attributes. */
  render: Render | null;
  /** An overlay laid over the target or over a frame (absolute, in a positioned wrapper). */
  overlay: { deceptive: string; benign: string; content?: string; tag?: string } | null;
  label: (kind: Kind) => string;
  claim: (kind: Kind) => string | null;
  /** Deceptive only with a claim (the box stays visible, the label does not). */
  claimed: 'always' | 'never' | 'either';
  ingredients: string[];
};

const pct = (r: Rng, lo: number, hi: number, step = 0.01) => (lo + step * r.int(0, Math.round((hi - lo) / step))).toFixed(2);

function carrierRecipe(r: Rng): Recipe {
  type Pick = [
    family: string,
    cls: string,
    deceptive: string,
    benign: string,
    opts?: { selfOnly?: boolean; ancestorOnly?: boolean; claimed?: 'always' },
  ];
  const picks: (() => Pick)[] = [
    () => ['opacity', 'opacity', `opacity:${pct(r, 0, 0.09)}`, `opacity:${pct(r, 0.6, 1)}`],
    () => ['opacity', 'opacity', `filter:opacity(${pct(r, 0, 0.06)})`, `filter:opacity(${pct(r, 0.7, 1)})`],
    () =>
      r.pick<() => Pick>([
        () => ['clip', 'clip', 'clip-path:inset(50%)', 'clip-path:inset(0)'],
        () => ['clip', 'clip', `clip-path:inset(0 0 0 ${r.int(96, 99)}%)`, `clip-path:inset(0 0 0 ${r.int(0, 2)}%)`],
        () => ['clip', 'clip', `clip-path:circle(${r.int(0, 1)}px)`, 'clip-path:circle(75%)'],
        () => ['clip', 'clip', 'clip-path:polygon(0 0,0 0,0 0)', 'clip-path:polygon(0 0,100% 0,100% 100%,0 100%)'],
        () => ['clip', 'clip', 'clip-path:ellipse(0 0)', 'clip-path:inset(0 round 6px)'],
        () => ['clip', 'clip', 'position:absolute;clip:rect(0 0 0 0)', 'position:absolute;clip:rect(0 2000px 400px 0)'],
      ])(),
    () =>
      r.pick<() => Pick>([
        () => ['transform', 'scale', `transform:scale(${pct(r, 0.005, 0.06, 0.005)})`, `transform:scale(${pct(r, 0.85, 1.2)});${LEFT}`],
        () => ['transform', 'scale', 'transform:scaleY(0.01)', 'transform:scaleY(1)'],
        () => ['transform', 'scale', 'transform:scaleX(0.01)', `transform:scaleX(1.1);${LEFT}`],
        () => ['transform', 'scale', 'transform:rotateX(90deg)', `transform:rotate(${r.int(-12, 12)}deg);${LEFT}`],
        () => ['transform', 'scale', 'transform:perspective(400px) rotateY(90deg)', `transform:perspective(400px) rotateY(20deg);${LEFT}`],
        () => ['transform', 'scale', 'transform:matrix(0.02,0,0,0.02,0,0)', 'transform:matrix(1,0,0,1,0,0)'],
        () => ['transform', 'scale', `scale:${pct(r, 0.005, 0.05, 0.005)}`, `scale:1.1;${LEFT}`],
        () => ['transform', 'scale', `zoom:${pct(r, 0.02, 0.06)}`, 'zoom:1.1'],
        () => ['transform', 'offscreen', 'transform:translateX(-200vw)', 'transform:translateX(6px)'],
        () => ['transform', 'scale', 'transform:skewX(-10deg) scale(0.02)', `transform:skewX(-10deg);${LEFT}`],
      ])(),
    () =>
      r.pick<() => Pick>([
        () => ['size', 'size', `width:${r.int(0, 2)}px;height:${r.int(0, 2)}px;padding:0;border:0;overflow:hidden`, 'overflow:hidden'],
        () => ['size', 'size', 'max-height:0;padding:0;border:0;overflow:hidden', 'max-height:300px;overflow:hidden'],
        () => ['size', 'size', 'max-width:1px;padding:0;border:0;overflow:hidden', 'max-width:900px;overflow:hidden'],
      ])(),
    () =>
      r.pick<() => Pick>([
        () => ['offscreen', 'offscreen', 'position:absolute;left:-9999px', 'position:absolute;left:4px'],
        () => ['offscreen', 'offscreen', 'position:relative;left:-9999px', 'position:relative;left:4px'],
        () => ['offscreen', 'offscreen', 'margin-left:-9999px', 'margin-left:4px'],
        () => ['offscreen', 'offscreen', 'position:absolute;top:-9999px', 'position:absolute;top:4px'],
      ])(),
    () =>
      r.pick<() => Pick>([
        () => ['visibility', 'visibility', 'visibility:hidden', 'visibility:visible'],
        () => ['visibility', 'display', 'display:none', 'display:inline-block'],
        () => ['visibility', 'content-visibility', 'content-visibility:hidden', 'content-visibility:visible', { ancestorOnly: true }],
      ])(),
    () =>
      r.pick<() => Pick>([
        () => ['mask', 'opacity', 'mask-image:linear-gradient(transparent,transparent)', 'mask-image:linear-gradient(#000,#000)'],
        () => ['mask', 'opacity', 'mask-image:linear-gradient(rgba(0,0,0,.03),rgba(0,0,0,.03))', 'mask-image:none'],
      ])(),
    () =>
      r.pick<() => Pick>([
        () => ['filter', 'contrast', 'filter:grayscale(1) brightness(60)', 'filter:grayscale(1) brightness(1.1)'],
        // contrast(0) flattens what the element paints to mid-grey, but keeps alpha: on a transparent
        // element the text stays grey on the page's white (seed 602252 counted that as hidden), so
        // the filtered element paints its own background.
        () => ['filter', 'contrast', 'filter:contrast(0);background:#fff', 'filter:contrast(1.2);background:#fff', { claimed: 'always' }],
        () => ['filter', 'contrast', `filter:blur(${r.int(10, 16)}px)`, 'filter:blur(0.3px)', { claimed: 'always' }],
      ])(),
  ];
  const [family, cls, deceptive, benign, opts = {}] = r.pick(picks)();
  return {
    family,
    cls,
    variant: deceptive,
    twinVariant: benign,
    css: { deceptive, benign, ...opts },
    render: null,
    overlay: null,
    label: () => '',
    claim: () => null,
    claimed: opts.claimed ?? 'either',
    ingredients: [deceptive],
  };
}

function overlayRecipe(r: Rng): Recipe {
  const geometry = r.pick([
    'inset:0',
    'inset:-2px',
    'left:0;top:0;width:50%;height:100%',
    'right:0;bottom:0;width:40%;height:60%',
    'left:35%;top:35%;width:30%;height:30%',
    'left:0;bottom:0;width:100%;height:30%',
  ]);
  const hitting = r.chance(0.5);
  if (hitting) {
    // A layer that takes the click: transparent, all but transparent, or opacity 0.
    const paint = r.pick(['background:transparent', 'background:rgba(255,255,255,.01)', 'background:#fff;opacity:0', '']);
    const tag = r.pick(['div', 'span', 'iframe', 'label']);
    // A frame draws a 2 px inset border by default: through the label it is paint the user sees, and
    // the pixels were unsure of the twin's label or misread it (seed 51205: 9 of Chromium's and 11 of
    // Firefox's false rejects once the frame's document was watched). The attack is the layer that
    // takes the click, so both sides go without it.
    const deceptive = `${geometry};${tag === 'iframe' ? 'border:0;' : ''}${paint}`.replace(/;$/, '');
    return {
      family: 'overlay',
      cls: geometry.startsWith('inset') ? 'overlay-full' : 'overlay-partial',
      variant: `<${tag}> ${deceptive}`,
      twinVariant: `<${tag}> ${deceptive};pointer-events:none`,
      css: null,
      render: null,
      overlay: { deceptive, benign: `${deceptive};pointer-events:none`, tag },
      label: () => '',
      claim: () => null,
      claimed: 'either',
      ingredients: [`position:absolute;${deceptive}"`],
    };
  }
  // A cover the click passes through (pointer-events:none) that paints over the target.
  const cover = r.pick([
    ['blank', 'background:#fff', 'background:rgba(255,255,255,.15)'],
    ['decoy', 'background:#eee;border:1px solid #999;border-radius:4px;padding:6px 12px;box-sizing:border-box', 'visibility:hidden'],
    ['blend', 'background:#fff;mix-blend-mode:lighten', 'background:#fff;mix-blend-mode:multiply'],
  ] as const);
  const g = cover[0] === 'decoy' ? 'inset:0' : geometry === 'inset:0' || geometry === 'inset:-2px' ? geometry : 'inset:-2px';
  const decoy = cover[0] === 'decoy' ? r.pick(DECOYS) : '';
  const deceptive = `${g};${cover[1]};pointer-events:none`;
  const benign = `${g};${cover[2]};pointer-events:none`;
  return {
    family: 'cover',
    cls: 'pointer-events',
    variant: `${cover[0]} ${deceptive}`,
    twinVariant: benign,
    css: null,
    render: null,
    overlay: { deceptive, benign, content: decoy },
    label: () => '',
    claim: () => null,
    claimed: cover[0] === 'blank' || cover[0] === 'blend' ? 'either' : 'always',
    ingredients: [`position:absolute;${deceptive}"`],
  };
}

/**
 * A partial overlay over an <iframe> is placed relative to the frame, whose target sits at its top
 * left: a layer over the frame's right or bottom part does not cover the target, and counting it as
 * a deception made honest clicks "bypasses" (ground truth, not the verifier, was wrong). The same
 * geometry is moved to the frame's top left corner, where it covers the target.
 */
function overTheFramedTarget(recipe: Recipe): void {
  const o = recipe.overlay!;
  const move = (css: string) =>
    css
      .replace('right:0;bottom:0;', 'left:0;top:0;')
      .replace('left:35%;top:35%;', 'left:0;top:0;')
      .replace('left:0;bottom:0;width:100%;height:30%', 'left:0;top:0;width:100%;height:30%');
  o.deceptive = move(o.deceptive);
  o.benign = move(o.benign);
  recipe.variant = move(recipe.variant);
  recipe.twinVariant = move(recipe.twinVariant);
  recipe.ingredients = recipe.ingredients.map(move);
}

/** Target markup with the label's own styling. */
const tag = (t: string, a: string, inner: string, style = '', extra = '') => {
  const s = style ? ` style="${style}"` : '';
  const e = extra ? ` ${extra}` : '';
  if (t === 'a') return `<a href="#top" ${a} style="display:inline-block;${style}"${e}>${inner}</a>`;
  if (t === 'div') return `<div role="button" tabindex="0" ${a}${s}${e}>${inner}</div>`;
  return `<button ${a}${s}${e}>${inner}</button>`;
};

function labelRecipe(r: Rng, targetTag: string, label: string): Recipe {
  const kind = r.pick([
    'contrast',
    'contrast-word',
    'font-size',
    'font-size-word',
    'generated',
    'overflow',
    'aria',
    'aria-hidden',
  ] as const);
  const base = { css: null, overlay: null, claimed: 'always' as const };
  if (kind === 'contrast' || kind === 'font-size') {
    const d =
      kind === 'contrast'
        ? r.pick(['color:#eee', 'color:transparent', '-webkit-text-fill-color:transparent', 'color:rgba(17,17,17,.03)', 'color:#e6e6e6'])
        : `font-size:${r.pick(['0', '.5px', '1px', '2px'])}`;
    const b =
      kind === 'contrast'
        ? r.pick(['color:#111', 'color:#555', '-webkit-text-fill-color:#111'])
        : `font-size:${r.pick(['14px', '16px', '18px'])}`;
    return {
      ...base,
      family: 'label-style',
      cls: kind,
      variant: d,
      twinVariant: b,
      render: (k, a, l) => tag(targetTag, a, `<span style="${k === 'deceptive' ? d : b}">${l}</span>`),
      label: () => '',
      claim: () => '',
      ingredients: [`style="${d}"`],
    };
  }
  if (kind === 'contrast-word' || kind === 'font-size-word') {
    const word = r.pick(EXTRA_WORDS);
    const d =
      kind === 'contrast-word'
        ? r.pick(['color:#eee', 'color:transparent', '-webkit-text-fill-color:transparent', 'color:rgba(17,17,17,.02)'])
        : `font-size:${r.pick(['0', '.5px', '1px'])}`;
    const b = 'color:inherit';
    return {
      ...base,
      family: 'label-style',
      cls: kind === 'contrast-word' ? 'contrast' : 'font-size',
      variant: `extra word "${word}": ${d}`,
      twinVariant: `extra word "${word}": ${b}`,
      render: (k, a, l) => tag(targetTag, a, `${l} <span style="${k === 'deceptive' ? d : b}">${word}</span>`),
      label: () => '',
      claim: () => `\u0000 ${word}`,
      ingredients: [`style="${d}"`],
    };
  }
  if (kind === 'generated') {
    // What the pseudo-element shows must differ from the label (a swap to the same words deceives no one).
    const decoy = r.pick(DECOYS.filter((d) => d !== label));
    const mode = r.pick(['paint-over', 'append', 'swap'] as const);
    const d =
      mode === 'paint-over'
        ? `{position:relative}#ID::after{content:"${decoy}";position:absolute;inset:0;background:#eee;padding:6px 12px}`
        : mode === 'append'
          ? `::after{content:" and ${decoy.toLowerCase()}"}`
          : `{font-size:0}#ID::after{content:"${decoy}";font-size:16px}`;
    const b = mode === 'paint-over' ? '{position:relative}#ID::after{content:none}' : '::after{content:none}';
    return {
      ...base,
      family: 'generated',
      cls: 'generated',
      variant: `${mode}: ${d.replace(/#ID/g, '')}`,
      twinVariant: b.replace(/#ID/g, ''),
      render: (k, a, l, id) => `<style>#${id}${(k === 'deceptive' ? d : b).replace(/#ID/g, `#${id}`)}</style>${tag(targetTag, a, l)}`,
      label: () => '',
      claim: () => '',
      ingredients: [`content:"`],
    };
  }
  if (kind === 'overflow') {
    const d = r.pick([
      'text-indent:-9999px;overflow:hidden;width:120px;display:inline-block',
      'text-indent:9999px;overflow:hidden;width:120px;white-space:nowrap;display:inline-block',
      'height:4px;line-height:60px;padding:0;overflow:hidden;display:inline-block',
    ]);
    const b = 'text-indent:0;overflow:hidden;display:inline-block';
    return {
      ...base,
      family: 'overflow',
      cls: 'overflow',
      variant: d,
      twinVariant: b,
      render: (k, a, l) => tag(targetTag, a, l, k === 'deceptive' ? d : b),
      label: () => '',
      claim: () => '',
      ingredients: [d],
    };
  }
  if (kind === 'aria') {
    // The name read out must differ from the label shown (the same words deceive no one).
    const other = r.pick(['Open settings', 'Cancel', 'Close dialog', 'Go back'].filter((o) => o !== label));
    return {
      ...base,
      family: 'aria',
      cls: 'aria-label',
      variant: `aria-label="${other}"`,
      twinVariant: 'aria-label = the visible label + " dialog"',
      render: (k, a, l) => tag(targetTag, a, l, '', k === 'deceptive' ? `aria-label="${other}"` : `aria-label="${l} dialog"`),
      label: () => '',
      claim: () => '',
      ingredients: [`aria-label="${other}"`],
      claimed: 'either',
    };
  }
  return {
    ...base,
    family: 'aria',
    cls: 'aria-hidden',
    variant: 'aria-hidden="true"',
    twinVariant: 'aria-hidden="false"',
    css: null,
    render: (k, a, l) => tag(targetTag, a, l, '', `aria-hidden="${k === 'deceptive' ? 'true' : 'false'}"`),
    label: () => '',
    claim: () => '',
    ingredients: ['aria-hidden="true"'],
    claimed: 'either',
  };
}

function unicodeRecipe(r: Rng, targetTag: string, label: string): Recipe {
  const mode = r.pick(['confusable', 'bidi-override', 'bidi-embed'] as const);
  const shown =
    mode === 'confusable'
      ? confuse(r, label)
      : mode === 'bidi-override'
        ? `\u202e${label}\u202c`
        : `${label.split(' ')[0]} \u202e${label.split(' ').slice(1).join(' ') || label}\u202c`;
  return {
    family: 'unicode',
    cls: 'homoglyph',
    variant: `${mode}: ${JSON.stringify(shown)}`,
    twinVariant: JSON.stringify(label),
    css: null,
    overlay: null,
    render: (k, a, l) => tag(targetTag, a, k === 'deceptive' ? shown : l),
    label: () => '',
    claim: () => '',
    claimed: 'always',
    ingredients: [shown],
  };
}

/** A commit label disguised from a word list (the user sees the commit); the twin names no commitment. */
function commitRecipe(r: Rng, targetTag: string): Recipe {
  const [commit, plain] = r.pick(COMMIT_LABELS);
  const word = commit.split(' ')[0]!;
  if (!COMMIT_WORDS.includes(word.toLowerCase())) throw new Error(`${word} is not a commit word`);
  const disguise = r.pick([
    'zero-width',
    'soft-hyphen',
    'confusable',
    'bidi',
    'fullwidth',
    'split',
    'generated',
    'uppercase',
    'svg',
  ] as const);
  const zw = r.pick(ZERO_WIDTH);
  const at = r.int(1, 2);
  /** The markup inside the target, and what the user reads. */
  const dress = (text: string, id: string): { inner: string; style?: string; before?: string } => {
    const [w, ...rest] = text.split(' ');
    const tail = rest.length ? ` ${rest.join(' ')}` : '';
    switch (disguise) {
      case 'zero-width':
        return { inner: insertAt(w!, at, zw) + tail };
      case 'soft-hyphen':
        return { inner: insertAt(w!, at, '\u00ad') + tail };
      case 'confusable':
        return { inner: confuse(derive(at, w!), w!, 2) + tail };
      case 'bidi':
        return { inner: `\u202e${reverse(text)}\u202c` };
      case 'fullwidth':
        return { inner: fullwidth(w!) + tail };
      case 'split':
        return { inner: `${w!.slice(0, at)}<span>${w!.slice(at)}</span>${tail}` };
      case 'generated':
        return { inner: '', before: `<style>#${id}::before{content:"${text}"}</style>` };
      case 'uppercase':
        return { inner: text.toLowerCase(), style: 'text-transform:capitalize' };
      default:
        return { inner: `<svg width="${text.length * 9}" height="18"><text x="0" y="14" font-size="14">${text}</text></svg>` };
    }
  };
  return {
    family: 'commit',
    cls: 'commit',
    variant: `${disguise}: "${commit}"`,
    twinVariant: `${disguise}: "${plain}"`,
    css: null,
    overlay: null,
    render: (k, a, _l, id) => {
      const d = dress(k === 'deceptive' ? commit : plain, id);
      return `${d.before ?? ''}${tag(targetTag, a, d.inner, d.style ?? '')}`;
    },
    label: (k) => (k === 'deceptive' ? commit : plain),
    // Claimed as it reads in the DOM (confusables as written); bidi-reversed and generated labels
    // have no DOM text that reads as shown, so those are proposed without a claim.
    claim: (k) => {
      const text = k === 'deceptive' ? commit : plain;
      if (disguise === 'confusable') return dress(text, 'ID').inner;
      return text;
    },
    claimed: disguise === 'bidi' || disguise === 'generated' ? 'never' : 'either',
    ingredients: [disguise === 'generated' ? `content:"${commit}"` : dress(commit, 'ID').inner],
  };
}

// ---------------------------------------------------------------------------------------------
// Structure: wrappers, shadow trees, frames, and where the effect sits.

const WRAPPERS = ['div', 'section', 'article', 'span'] as const;
const wrapOpen = (t: string, id: string, style: string) =>
  `<${t} id="${id}" style="${t === 'span' ? 'display:inline-block;' : ''}${style}">`;

type Structure = {
  depth: number;
  wrapperTags: string[];
  shadow: ShadowMode;
  frames: FrameMode[];
  hosts: Host[];
  targetTag: string;
  claimed: boolean;
};

function structure(r: Rng, recipeFamily: string): Structure {
  const depth = r.int(0, 6);
  const frameCount = r.pick([0, 0, 0, 0, 0, 1, 1, 2]);
  const frames: FrameMode[] = Array.from({ length: frameCount }, () => (r.chance(0.5) ? 'same-site' : 'cross-site'));
  const hosts: Host[] = [];
  let site: Host = 'bank.example';
  for (const f of frames) {
    if (f === 'cross-site') site = site === 'evil.example' ? 'shop.example' : r.pick(['evil.example', 'shop.example'] as const);
    hosts.push(site);
  }
  const shadow: ShadowMode = r.pick(['none', 'none', 'none', 'open', 'open-nested', 'open-slot', 'closed-slot']);
  return {
    depth,
    wrapperTags: Array.from({ length: depth }, () => r.pick(WRAPPERS)),
    shadow,
    frames,
    hosts,
    targetTag: recipeFamily === 'generated' ? 'button' : r.pick(['button', 'button', 'div', 'a']),
    claimed: r.chance(0.5),
  };
}

/** Where the carrier CSS or the overlay goes: candidate positions for this structure. */
function carriersOf(s: Structure, recipe: Recipe): string[] {
  const out: string[] = [];
  if (recipe.css) {
    if (!recipe.css.ancestorOnly) out.push('self');
    for (let i = 1; i <= s.depth; i++) out.push(`ancestor-${i}`);
    if (s.shadow === 'open' || s.shadow === 'open-nested') out.push('shadow-host');
    if (s.shadow === 'open-slot' || s.shadow === 'closed-slot') out.push('slot-wrapper');
    for (let f = 0; f < s.frames.length; f++) {
      if (!recipe.css.ancestorOnly) out.push(`iframe-${f}`);
      out.push(`frame-ancestor-${f}`);
    }
  } else if (recipe.overlay) {
    out.push('over-target');
    if (s.shadow === 'closed-slot' || s.shadow === 'open-slot') out.push('over-target-in-shadow');
    for (let f = 0; f < s.frames.length; f++) out.push(`over-iframe-${f}`);
  } else out.push('self');
  return out;
}

const FRAME_STYLE = 'width:340px;height:110px;border:1px solid #ccc';

/**
 * Renders one mutant of a drawn pair. Every choice was drawn before (structure, recipe, carrier),
 * so the twin differs from the mutant only where the recipe says.
 */
function render(pairId: string, kind: Kind, s: Structure, recipe: Recipe, carrier: string, label: string): Mutant {
  const id = `${pairId}-${kind === 'deceptive' ? 'd' : 'b'}`;
  const tid = id;
  const attrs = `id="${id}" data-t="${tid}"`;
  const effect = (where: string) =>
    recipe.css && carrier === where ? (kind === 'deceptive' ? recipe.css.deceptive : recipe.css.benign) : '';
  const overlayAt = (where: string, content: string, wrapStyle = '') => {
    if (!recipe.overlay || carrier !== where) return content;
    const o = recipe.overlay;
    const t = o.tag ?? 'div';
    const style = kind === 'deceptive' ? o.deceptive : o.benign;
    const body = t === 'iframe' ? '' : (o.content ?? '');
    return `<span style="position:relative;display:inline-block;${wrapStyle}">${content}<${t} data-ov="${id}" style="position:absolute;${style}">${body}</${t}></span>`;
  };
  // 1. The target, with its own label tricks and (carrier self) the effect.
  const lbl = recipe.label(kind) || label;
  let inner: string;
  if (recipe.render) inner = recipe.render(kind, attrs, lbl, id);
  else inner = tag(s.targetTag, attrs, lbl, effect('self'));
  if (recipe.css && carrier === 'self' && recipe.render) inner = `<span style="display:inline-block;${effect('self')}">${inner}</span>`;
  inner = overlayAt('over-target', inner);
  // 2. Wrappers (ancestor-1 is the innermost).
  for (let i = 1; i <= s.depth; i++)
    inner = `${wrapOpen(s.wrapperTags[i - 1]!, `${id}-w${i}`, effect(`ancestor-${i}`))}${inner}</${s.wrapperTags[i - 1]}>`;
  // 3. Shadow tree.
  let target = `#${id}`;
  if (s.shadow === 'open' || s.shadow === 'open-nested') {
    const hostStyle = `display:inline-block;${effect('shadow-host')}`;
    if (s.shadow === 'open-nested') {
      inner = `<div id="${id}-h2" style="display:inline-block"><template shadowrootmode="open">${SHADOW_STYLE}${inner}</template></div>`;
      target = `#${id}-h >>> #${id}-h2 >>> [data-t]`;
    } else target = `#${id}-h >>> [data-t]`;
    inner = `<div id="${id}-h" style="${hostStyle}"><template shadowrootmode="open">${s.shadow === 'open' ? SHADOW_STYLE : ''}${inner}</template></div>`;
  } else if (s.shadow === 'open-slot' || s.shadow === 'closed-slot') {
    const mode = s.shadow === 'open-slot' ? 'open' : 'closed';
    const slot = overlayAt(
      'over-target-in-shadow',
      `<div style="display:inline-block;${effect('slot-wrapper')}"><slot></slot></div>`,
      'position:relative',
    );
    inner = `<div id="${id}-h" style="display:inline-block"><template shadowrootmode="${mode}">${slot}</template>${inner}</div>`;
  }
  // 4. Frames, innermost first: the document so far becomes a child document.
  const docs: Doc[] = [];
  const path: string[] = [];
  for (let f = s.frames.length - 1; f >= 0; f--) {
    const name = `${id}-f${f}.html`;
    docs.unshift({ name, host: s.hosts[f]!, body: inner });
    const frameId = `${id}-f${f}`;
    path.unshift(frameId);
    const frame = `<iframe id="${frameId}" data-src-host="${s.hosts[f]}" data-src="/fuzz-docs/${name}" style="${FRAME_STYLE};${effect(`iframe-${f}`)}"></iframe>`;
    inner = overlayAt(`over-iframe-${f}`, frame);
    const around = effect(`frame-ancestor-${f}`);
    if (around) inner = `<div style="display:inline-block;${around}">${inner}</div>`;
    else if (recipe.css) inner = `<div style="display:inline-block">${inner}</div>`;
  }
  const rawClaim = recipe.claim(kind);
  const claimed = recipe.claimed === 'always' || (recipe.claimed === 'either' && s.claimed);
  const claim = !claimed ? null : rawClaim === '' || rawClaim === null ? lbl : rawClaim.replace('\u0000', lbl);
  return {
    id,
    pair: pairId,
    kind,
    family: recipe.family,
    cls: recipe.cls,
    variant: recipe.variant,
    twinVariant: recipe.twinVariant,
    carrier,
    depth: s.depth,
    shadow: s.shadow,
    frames: s.frames,
    ingredients: kind === 'deceptive' ? recipe.ingredients : [],
    html: inner,
    docs,
    path,
    target,
    tid,
    claim,
    label: lbl,
    target_kind: s.targetTag,
  };
}

/** murmur3's finaliser over (seed, index): neighbouring pairs draw unrelated streams. */
function mix(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export const FAMILIES = ['carrier', 'overlay', 'label', 'unicode', 'commit'] as const;

/** The pair number `index` of the run seeded `seed` (each pair from its own derived stream). */
export function pairOf(seed: number, index: number): Pair {
  const r = rng(mix(seed, index));
  const pairId = `s${seed}-${String(index).padStart(4, '0')}`;
  const group = r.pick(['carrier', 'carrier', 'carrier', 'overlay', 'overlay', 'label', 'label', 'unicode', 'commit']);
  const label = r.pick(LABELS);
  const targetTag = r.pick(['button', 'button', 'div', 'a']);
  const recipe =
    group === 'carrier'
      ? carrierRecipe(r)
      : group === 'overlay'
        ? overlayRecipe(r)
        : group === 'label'
          ? labelRecipe(r, targetTag, label)
          : group === 'unicode'
            ? unicodeRecipe(r, targetTag, label)
            : commitRecipe(r, targetTag);
  const s = structure(r, recipe.family);
  if (recipe.render) s.targetTag = targetTag;
  // A property that only an ancestor can carry needs one (with none, the mutant would carry nothing).
  if (recipe.css?.ancestorOnly && s.depth === 0 && s.frames.length === 0 && s.shadow === 'none') {
    s.depth = 1;
    s.wrapperTags = ['div'];
  }
  const carrier = r.pick(carriersOf(s, recipe));
  if (carrier.startsWith('over-iframe') && recipe.overlay) overTheFramedTarget(recipe);
  return {
    pair: pairId,
    deceptive: render(pairId, 'deceptive', s, recipe, carrier, label),
    twin: render(pairId, 'benign', s, recipe, carrier, label),
  };
}

export function generate(seed: number, pairs: number, first = 0): Pair[] {
  return Array.from({ length: pairs }, (_, i) => pairOf(seed, first + i));
}

/** All markup of a mutant (its cell and its frames' documents). */
export const markupOf = (m: Mutant) => [m.html, ...m.docs.map((d) => d.body)].join('\n');
