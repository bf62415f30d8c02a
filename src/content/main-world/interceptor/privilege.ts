import { commitmentClassifier } from '../../../core/plan/commit-match';
import {
  anchorHref,
  areaHref,
  CAPTURED_TEXT_OPS,
  dom,
  HOSTNAME,
  HREF,
  nodeList,
  smilTarget,
  svgLinkFollowed,
  text,
  textStart,
  URLCtor,
  urlHost,
  urlHref,
  urlProtocol,
} from '../primordials';
import { remembered } from '../remembered';
import { passwordOrPaymentInput, sensitiveUnreadable } from './sensitive-form';

/**
 * A synchronous, main-world approximation of the core's clickPrivilege (src/core/plan/privilege.ts):
 * the page cannot wait for the background before its click() returns. It errs towards
 * "privileged": a held click is only asked about, and the gate then decides with full evidence.
 */

/** Elements whose activation does something: where a click on a child really lands. */
const ACTIVATABLE =
  'a[href], area[href], button, summary, label, [role=button], [role=link], ' +
  'input[type=submit i], input[type=button i], input[type=image i], input[type=checkbox i], input[type=radio i]';

/**
 * The core's own classifier (commit-match.ts: one lexicon, the label and its UTS #39 skeleton),
 * run over built-ins captured before any page script (primordials.ts), so the interceptor and the
 * gate never disagree on what names a commitment, and a page that patches String or Map methods
 * changes neither. ASCII labels are matched without the confusables table; it is built (once per
 * frame, on the spot) at the first click whose label holds anything else.
 */
const CLASSIFIER = commitmentClassifier(CAPTURED_TEXT_OPS);
/**
 * The classifier's answer is a function of the label alone, and pages click the same controls
 * again and again (a menu, a carousel): most of a page's own `click()` cost was this classifier
 * (2.8 of 5.5 µs extra on the bench's menu button, Chromium, Dec 5). At most 64 Ki characters of labels.
 */
const namesCommitment = remembered(65_536, (label) => CLASSIFIER.namesCommitment(label));

const isElement = (node: unknown): node is Element => {
  try {
    return dom.nodeType(node) === 1;
  } catch {
    return false;
  }
};

/**
 * The closest inclusive ancestor matching `selector` in the composed tree: across open and closed
 * shadow boundaries alike. One native `closest` per tree instead of a `matches` per ancestor: the
 * page's own `click()` pays this on every call (bench/reports/interception.md).
 */
function closestComposed(element: Element, selector: string): Element | null {
  for (let node: Element | null = element; node !== null; ) {
    const found = dom.closest(node, selector);
    if (found !== null) return found;
    const root = dom.getRootNode(node) as Node;
    if (dom.nodeType(root) !== 11) return null;
    try {
      node = dom.host(root) as Element;
    } catch {
      return null; // A plain DocumentFragment: the top of a detached tree.
    }
  }
  return null;
}

export function closestActivatable(element: Element): Element | null {
  return closestComposed(element, ACTIVATABLE);
}

/** The element an untrusted click really activates: its activatable ancestor, else itself. */
export function actionableOf(element: Element): Element {
  return closestActivatable(element) ?? element;
}

export { isElement };

/** Same host, or one a subdomain of the other; anything else may be another site. */
function sameSiteApprox(host: string): boolean {
  if (host === '' || HOSTNAME === '') return false;
  return host === HOSTNAME || text.endsWith(host, `.${HOSTNAME}`) || text.endsWith(HOSTNAME, `.${host}`);
}

/**
 * Whether going to this URL leaves the site (or the web: another scheme). A javascript: URL runs
 * the page's own code, which is gated where it acts. Unparsable URLs count as leaving. Remembered:
 * a function of the href alone (relative ones resolve against HREF, fixed at document_start).
 */
export const leavesSite: (href: string) => boolean = remembered(65_536, parsedLeavesSite);

function parsedLeavesSite(href: string): boolean {
  try {
    const url = new URLCtor(href, HREF);
    const protocol = urlProtocol(url);
    if (protocol === 'javascript:') return false;
    if (protocol !== 'http:' && protocol !== 'https:') return true;
    return !sameSiteApprox(urlHost(url));
  } catch {
    return true;
  }
}

const XLINK = 'http://www.w3.org/1999/xlink';

function linkPrivileged(link: Element): boolean {
  if (dom.hasAttribute(link, 'download')) return true;
  return leavesSite(dom.localName(link) === 'area' ? areaHref(link) : linkHref(link));
}

/**
 * Where a link leads: an HTML <a>'s resolved href; an SVG <a>'s href or SVG 1.1 xlink:href as the
 * browser follows it (its animated value: a `<set attributeName="href">` sends both browsers there,
 * content/verifiers/link-destination.ts), resolved against its base URL (a review found a click
 * inside a cross-site <svg:a xlink:href> let through, Dec 5). Throws for what cannot be read:
 * isPrivileged counts that as privileged.
 */
function linkHref(link: Element): string {
  try {
    return anchorHref(link);
  } catch {
    const raw = svgFollowed(link) ?? dom.getAttribute(link, 'href') ?? dom.getAttributeNS(link, XLINK, 'href');
    if (raw === null) throw new TypeError('A link without an address.');
    return urlHref(new URLCtor(raw as string, dom.baseURI(link)));
  }
}

/**
 * An SVG <a>'s followed address (null for anything else, whose written attribute is read instead).
 * Throws where an SVG animation sets its href, begun or not: a `<set begin="indefinite">` the page
 * starts as the click is dispatched makes it go elsewhere than it says now.
 */
function svgFollowed(link: Element): string | null {
  let followed: string;
  try {
    followed = svgLinkFollowed(link);
  } catch {
    return null;
  }
  const root = dom.getRootNode(link) as Node;
  const list = (
    dom.nodeType(root) === 9 ? dom.documentQuerySelectorAll(root, SETS_HREF) : dom.fragmentQuerySelectorAll(root, SETS_HREF)
  ) as NodeList;
  for (let at = 0; at < nodeList.length(list); at += 1)
    if (smilTarget(nodeList.item(list, at)!) === link) throw new TypeError('An SVG link whose address an animation sets.');
  return followed;
}
const SETS_HREF = ['set', 'animate'].flatMap((name) => [`${name}[attributeName="href"]`, `${name}[attributeName="xlink:href"]`]).join(', ');

/**
 * Typing into a password or payment field is a credential action (the core's targetPrivilege for
 * `type`, mirrored). Whatever cannot be read counts as privileged.
 */
export function fieldPrivileged(element: Element): boolean {
  try {
    return dom.localName(element) === 'input' && passwordOrPaymentInput(element);
  } catch {
    return true;
  }
}

/**
 * How much of an element's text is read for commitment words. A control's label is short; a large
 * container (`document.body.click()` closing a menu) would otherwise cost a scan of the whole page
 * on every call. Its start is still read, and its own aria-label and title always are.
 */
const TEXT_READ = 512;

function labelsOf(element: Element): string {
  let label = `${textStart(element, TEXT_READ)} ${dom.getAttribute(element, 'aria-label') ?? ''} ${dom.getAttribute(element, 'title') ?? ''}`;
  if (dom.localName(element) === 'input') label += ` ${dom.inputValue(element)} ${dom.getAttribute(element, 'alt') ?? ''}`;
  const labelledBy = dom.getAttribute(element, 'aria-labelledby') as string | null;
  if (labelledBy !== null) {
    const root = dom.getRootNode(element) as Node;
    const type = dom.nodeType(root);
    const ids = text.split(labelledBy, /\s+/);
    for (let at = 0; at < ids.length; at += 1) {
      if (type !== 9 && type !== 11) break;
      const named = (type === 9 ? dom.getElementById(root, ids[at]) : dom.fragmentGetElementById(root, ids[at])) as Element | null;
      if (named) label += ` ${textStart(named, TEXT_READ)}`;
    }
  }
  return label;
}

function submits(element: Element): boolean {
  const name = dom.localName(element);
  if (name === 'button') return dom.buttonType(element) === 'submit' && dom.buttonForm(element) !== null;
  if (name !== 'input') return false;
  const type = dom.inputType(element);
  return (type === 'submit' || type === 'image') && dom.inputForm(element) !== null;
}

/**
 * Whether activating this element is a commit, credential or cross-site action: a submit button
 * of a form, a download or another site's link, or a control whose text names a commitment.
 * Whatever cannot be read for certain counts as privileged.
 */
export function isPrivileged(element: Element, depth = 0): boolean {
  try {
    if (submits(element)) return true;
    const label = labelsOf(element);
    if (namesCommitment(label)) return true;
    if (sensitiveUnreadable(element, label)) return true;
    if (dom.localName(element) === 'label' && depth === 0) {
      const control = dom.labelControl(element) as Element | null;
      if (control !== null && isPrivileged(control, 1)) return true;
    }
    // `*|href`: an href in any namespace, SVG 1.1's xlink:href too.
    const link = closestComposed(element, 'a[*|href], area[href]');
    return link !== null && linkPrivileged(link);
  } catch {
    return true;
  }
}
