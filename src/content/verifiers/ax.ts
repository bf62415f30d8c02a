import { getRole } from 'dom-accessibility-api';
import type { AxNameValue } from '../../core/plan';
import { nodeTypeOf } from './node-reads';
import { LABEL_LIMITS, type ShownText, shownText } from './rendered-text';
import { type Box, collapse, doubt, flowsInline, joinRuns, type Run, Scene, WHITESPACE } from './text-runs';
import { parentElement } from './visibility';

export const AX_VERIFIER = 'ax@1';

/**
 * What assistive technology — and any agent reading the accessibility tree — is told about the
 * element: role, accessible name, and whether it is hidden from that tree. The gate compares it
 * with what the element visibly shows.
 *
 * The name is computed here (accname 1.2, the parts that name controls: aria-labelledby within
 * the tree scope, aria-label, <label>, alt, value, legend/caption, title, placeholder, and name
 * from content incl. ::before/::after, hidden nodes left out) rather than by dom-accessibility-api,
 * for two measured reasons: (1) it walks light-DOM children, so a shadow host is named by
 * children it does not render and not by its (open or closed) shadow tree, and slotted text is
 * missed where browsers name it; (2) it costs ~20–50 ms on a 240-descendant card (computed style
 * and two pseudo-element styles per node, uncached), which alone broke the 5 ms certification
 * goal. This walk shares the rendered-text walk's styles and text boxes (Scene) and joins runs as
 * laid out, so the name and the visible label agree on `<u>S</u>ave` and `Trans<span>fer</span>`.
 */
export function observeAx(element: Element, scene = new Scene(), shown: ShownText = shownText(element, scene)): AxNameValue {
  return {
    role: explicitOrImplicitRole(element),
    name: accessibleName(element, scene, shown.doubts),
    hidden: ariaHidden(element),
    visibleLabel: shown.text,
  };
}

/** Roles named by their content (accname 1.2 / WAI-ARIA 1.2 "name from: contents"). */
const NAME_FROM_CONTENT = new Set([
  'button',
  'cell',
  'checkbox',
  'columnheader',
  'gridcell',
  'heading',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'row',
  'rowheader',
  'switch',
  'tab',
  'tooltip',
  'treeitem',
]);
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', '']);

type Context = { referenced: boolean; recursion: boolean; budget: { nodes: number; characters: number; cut: boolean } };

/** The element's accessible name; doubts gets a reason when the walk stopped at its budget. */
export function accessibleName(element: Element, scene = new Scene(), doubts: string[] = []): string {
  const budget = { nodes: LABEL_LIMITS.nodes, characters: LABEL_LIMITS.characters, cut: false };
  let runs: Run[];
  try {
    runs = alternative(element, scene, { referenced: false, recursion: false, budget }, new Set());
  } catch {
    return '';
  }
  if (budget.cut)
    doubt(doubts, `the accessible name is longer than ${LABEL_LIMITS.characters} characters or ${LABEL_LIMITS.nodes} nodes: read in part`);
  return joinRuns(runs, doubts);
}

function boxOf(element: Element): Box | null {
  const rect = element.getBoundingClientRect();
  return rect.width > 0 || rect.height > 0 ? { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom } : null;
}

/** A string the element stands for as a whole (aria-label, alt, value): one run over its box. */
function whole(element: Element, text: string, scene: Scene): Run[] {
  const box = boxOf(element);
  return [{ text, first: box, last: box, inline: false, owner: element, em: scene.facts(element).em }];
}

function nonEmpty(value: string | null | undefined): string | null {
  return value !== null && value !== undefined && value.trim() !== '' ? value : null;
}

/** Elements the host language names by more than their content (or that take a value). */
const NATIVE = new Set([
  'input',
  'textarea',
  'select',
  'button',
  'img',
  'area',
  'fieldset',
  'table',
  'figure',
  'svg',
  'meter',
  'progress',
  'output',
]);

/** accname §4.3.2, step by step for one node. */
function alternative(element: Element, scene: Scene, context: Context, visited: Set<Element>): Run[] {
  if (visited.has(element)) return [];
  visited.add(element);
  // Most of a large subtree is spans and the like without attributes: named by their content.
  const attributes = element.hasAttributes();
  const native = NATIVE.has(element.localName);
  // 2B: aria-labelledby, ids in the element's own tree scope (not followed from a referenced node).
  const ids = attributes && !context.referenced ? nonEmpty(element.getAttribute('aria-labelledby')) : null;
  if (ids !== null) {
    const scope = element.getRootNode() as Document | ShadowRoot;
    const runs: Run[] = [];
    for (const id of ids.split(/\s+/u)) {
      const node = id === '' ? null : scope.getElementById(id);
      if (node) runs.push(WHITESPACE, ...alternative(node, scene, { ...context, referenced: true, recursion: false }, visited));
    }
    if (collapse(runs.map((run) => run.text).join('')) !== '') return runs;
  }
  // 2C: a control embedded in a label or in content is named by its value.
  if (context.recursion && (native || attributes)) {
    const value = embeddedValue(element);
    if (value !== null) return whole(element, value, scene);
  }
  // 2D: aria-label.
  const label = attributes ? nonEmpty(element.getAttribute('aria-label')) : null;
  if (label !== null) return whole(element, label, scene);
  // 2E: the host language's own labelling.
  const named = native ? nativeName(element, scene, context, visited) : null;
  if (named !== null) return named;
  // 2F: name from content.
  const role = context.recursion || context.referenced ? null : explicitOrImplicitRole(element);
  if (context.recursion || context.referenced || (role !== null && NAME_FROM_CONTENT.has(role))) {
    const runs = content(element, scene, context, visited);
    if (runs.some((run) => run.text.trim() !== '')) return runs;
  }
  // 2I: the tooltip.
  const title = attributes ? nonEmpty(element.getAttribute('title')) : null;
  return title !== null ? whole(element, title, scene) : [];
}

function embeddedValue(element: Element): string | null {
  if (element instanceof HTMLInputElement && TEXT_INPUTS.has(element.type)) return element.value;
  if (element instanceof HTMLTextAreaElement) return element.value;
  if (element instanceof HTMLSelectElement) return Array.from(element.selectedOptions, (option) => option.text).join(' ');
  const role = element.getAttribute('role');
  if (role === 'slider' || role === 'spinbutton' || role === 'progressbar' || role === 'scrollbar' || role === 'meter') {
    return element.getAttribute('aria-valuetext') ?? element.getAttribute('aria-valuenow') ?? '';
  }
  return null;
}

function nativeName(element: Element, scene: Scene, context: Context, visited: Set<Element>): Run[] | null {
  if (element instanceof HTMLInputElement) {
    const type = element.type;
    if (type === 'button' || type === 'submit' || type === 'reset') {
      const value = element.hasAttribute('value') ? element.value : type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '';
      return value.trim() === '' ? null : whole(element, value, scene);
    }
    if (type === 'image') return whole(element, nonEmpty(element.alt) ?? nonEmpty(element.value) ?? 'Submit', scene);
  }
  const labelled = element as Partial<HTMLInputElement>;
  if (!context.recursion && labelled.labels && labelled.labels.length > 0) {
    const runs: Run[] = [];
    for (const label of labelled.labels) runs.push(WHITESPACE, ...content(label, scene, { ...context, recursion: true }, visited));
    if (collapse(runs.map((run) => run.text).join('')) !== '') return runs;
  }
  if (element instanceof HTMLImageElement || element instanceof HTMLAreaElement) {
    return element.hasAttribute('alt') ? whole(element, element.getAttribute('alt') ?? '', scene) : null;
  }
  const caption =
    element instanceof HTMLFieldSetElement
      ? element.querySelector(':scope > legend')
      : element instanceof HTMLTableElement
        ? element.caption
        : element.localName === 'figure'
          ? element.querySelector(':scope > figcaption')
          : null;
  if (caption) {
    const runs = content(caption, scene, { ...context, recursion: true }, visited);
    if (runs.some((run) => run.text.trim() !== '')) return runs;
  }
  if (element instanceof SVGSVGElement) {
    const title = nonEmpty(element.querySelector(':scope > title')?.textContent);
    if (title !== null) return whole(element, title, scene);
  }
  if (!context.recursion && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
    const hint = nonEmpty(element.getAttribute('title')) ?? nonEmpty(element.placeholder);
    if (hint !== null) return whole(element, hint, scene);
  }
  return null;
}

/** 2F: the element's ::before, its flat-tree children's names, its ::after. */
function content(element: Element, scene: Scene, context: Context, visited: Set<Element>): Run[] {
  const budget = context.budget;
  const facts = scene.facts(element);
  const em = facts.em;
  const ownText = context.referenced || (facts.visibility === 'visible' && facts.contentVisibility !== 'hidden');
  const runs: Run[] = [];
  const pseudo = (which: 0 | 1) => {
    const generated = scene.generated(element, which);
    if (generated && (context.referenced || generated.style.visibility === 'visible')) {
      runs.push({ text: generated.text, first: null, last: null, inline: flowsInline(generated.style), owner: element, em });
    }
  };
  pseudo(0);
  for (const child of scene.children(element)) {
    if (budget.cut) break;
    if (--budget.nodes < 0) {
      budget.cut = true;
      break;
    }
    if (child instanceof Element) {
      if (!context.referenced && (scene.facts(child).display === 'none' || child.getAttribute('aria-hidden') === 'true')) continue;
      runs.push(...alternative(child, scene, { ...context, recursion: true }, visited));
      continue;
    }
    if (nodeTypeOf(child) !== Node.TEXT_NODE || !ownText) continue;
    const text = child as Text;
    if (text.data.trim() === '') {
      if (text.data !== '') runs.push(WHITESPACE);
      continue;
    }
    const boxes = scene.textBoxes(text);
    budget.characters -= text.data.length;
    if (budget.characters < 0) {
      budget.cut = true;
      break;
    }
    runs.push({ text: text.data, first: boxes[0] ?? null, last: boxes[boxes.length - 1] ?? null, inline: true, owner: element, em });
  }
  pseudo(1);
  return runs;
}

function explicitOrImplicitRole(element: Element): string | null {
  try {
    return getRole(element);
  } catch {
    return null;
  }
}

function ariaHidden(element: Element): boolean {
  for (let node: Element | null = element; node; node = parentElement(node)) {
    if (node.getAttribute('aria-hidden') === 'true') return true;
  }
  return false;
}
