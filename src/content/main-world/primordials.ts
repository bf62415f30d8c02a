import type { TextOps } from '../../core/text/skeleton-ops';
/**
 * Built-ins the MAIN-world code uses, captured when it starts at document_start, before any page
 * script: a page that later patches globals or prototypes cannot change what Warrant calls.
 * This module must stay free of imports so it evaluates first.
 */
export const apply = Reflect.apply;
export const freeze = Object.freeze;
export const assign = Object.assign;
export const createObject = Object.create;
export const defineProperty = Object.defineProperty;
export const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
export const getPrototypeOf = Object.getPrototypeOf;
export const hasOwn = Object.hasOwn;
export const deleteProperty = Reflect.deleteProperty;
export const stringify = JSON.stringify;
export const parseJson = JSON.parse;
export const PromiseCtor = Promise;
export const WeakSetCtor = WeakSet;
export const ObjectPrototype = Object.prototype;
export const ArrayPrototype = Array.prototype;
export const postToPort = MessagePort.prototype.postMessage;
export const dispatchEvent = EventTarget.prototype.dispatchEvent;
export const addEventListener = EventTarget.prototype.addEventListener;
export const StringCtor = String;
export const weakSetHas = WeakSet.prototype.has;
export const weakSetAdd = WeakSet.prototype.add;
export const ORIGIN = location.origin;
export const CustomEventCtor = CustomEvent;
export const EventCtor = Event;
export const ProxyCtor = Proxy;
export const objectKeys = Object.keys;
export const isArray = Array.isArray;
const messageDataGetter = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')!.get!;
/** A message's data, read through the getter captured before any page script (a page may redefine it). */
export const messageData = (event: MessageEvent): unknown => apply(messageDataGetter, event, []);
/**
 * A null-prototype copy of `fields`: for property descriptors, option bags and handlers, which the
 * engine reads with [[Get]], so an inherited `get`, `value` or `then` on Object.prototype would count.
 */
export const bag = <T extends object>(fields: T): T => assign(createObject(null) as T, fields);
/** An own property's descriptor as a null-prototype object (an absent `get` reads undefined, not Object.prototype.get). */
export function ownDescriptor(target: object, key: PropertyKey): PropertyDescriptor | undefined {
  const descriptor = getOwnPropertyDescriptor(target, key);
  return descriptor === undefined ? undefined : bag(descriptor);
}
/** An own data property's value, or undefined: never a value inherited from a prototype the page controls. */
export function own(target: object, key: PropertyKey): unknown {
  const descriptor = getOwnPropertyDescriptor(target, key);
  return descriptor !== undefined && hasOwn(descriptor, 'value') ? descriptor.value : undefined;
}
/** Appends without Array.prototype.push or a [[Set]] that an index setter on a prototype could catch. */
export function append<T>(list: T[], item: T): void {
  defineProperty(list, list.length, bag({ value: item, writable: true, enumerable: true, configurable: true }));
}
const defaultPreventedGetter = Object.getOwnPropertyDescriptor(Event.prototype, 'defaultPrevented')!.get!;
/** Whether a listener cancelled the event, read through the getter captured before any page script. */
export const wasPrevented = (event: Event): boolean => apply(defaultPreventedGetter, event, []) === true;
const getRandomValues = Crypto.prototype.getRandomValues;
const HEX = '0123456789abcdef';
/** Random hex from the captured crypto.getRandomValues; built without prototype methods a page may patch. */
export function randomHex(bytes: number): string {
  const buffer = apply(getRandomValues, crypto, [new Uint8Array(bytes)]) as Uint8Array;
  let out = '';
  for (let i = 0; i < bytes; i += 1) out += HEX[buffer[i]! >> 4]! + HEX[buffer[i]! & 15]!;
  return out;
}
/** Reads a function's source as the engine has it; a page's own `toString` property cannot answer instead. */
export const functionToString = Function.prototype.toString;

/** DOM accessors the interceptor reads on page elements: captured, so a page cannot lie through them. */
function getterOf(proto: object, key: string): (target: unknown) => unknown {
  const get = getOwnPropertyDescriptor(proto, key)?.get;
  if (get === undefined) throw new TypeError(`No getter ${key}`);
  return (target) => apply(get, target, []);
}
function methodOf(proto: object, key: string): (target: unknown, ...args: unknown[]) => unknown {
  const method = getOwnPropertyDescriptor(proto, key)?.value as (...args: unknown[]) => unknown;
  return (target, ...args) => apply(method, target, args);
}
export const dom = freeze({
  localName: getterOf(Element.prototype, 'localName'),
  parentNode: getterOf(Node.prototype, 'parentNode'),
  isConnected: getterOf(Node.prototype, 'isConnected'),
  textContent: getterOf(Node.prototype, 'textContent'),
  ownerDocument: getterOf(Node.prototype, 'ownerDocument'),
  nodeType: getterOf(Node.prototype, 'nodeType'),
  shadowRoot: getterOf(Element.prototype, 'shadowRoot'),
  host: getterOf(ShadowRoot.prototype, 'host'),
  children: getterOf(Element.prototype, 'children'),
  inputType: getterOf(HTMLInputElement.prototype, 'type'),
  inputForm: getterOf(HTMLInputElement.prototype, 'form'),
  inputValue: getterOf(HTMLInputElement.prototype, 'value'),
  buttonType: getterOf(HTMLButtonElement.prototype, 'type'),
  buttonForm: getterOf(HTMLButtonElement.prototype, 'form'),
  labelControl: getterOf(HTMLLabelElement.prototype, 'control'),
  formElements: getterOf(HTMLFormElement.prototype, 'elements'),
  collectionLength: getterOf(HTMLCollection.prototype, 'length'),
  eventType: getterOf(Event.prototype, 'type'),
  // isTrusted is an own, unforgeable property of every event, so reading it directly is safe.
  eventTrusted: (event: unknown) => (event as Event).isTrusted,
  keyOf: getterOf(KeyboardEvent.prototype, 'key'),
  eventTarget: getterOf(Event.prototype, 'target'),
  composedPath: methodOf(Event.prototype, 'composedPath') as (event: unknown) => EventTarget[],
  preventDefault: methodOf(Event.prototype, 'preventDefault'),
  stopImmediatePropagation: methodOf(Event.prototype, 'stopImmediatePropagation'),
  isContentEditable: getterOf(HTMLElement.prototype, 'isContentEditable'),
  activeElement: getterOf(Document.prototype, 'activeElement'),
  autocomplete: getterOf(HTMLInputElement.prototype, 'autocomplete'),
  inputName: getterOf(HTMLInputElement.prototype, 'name'),
  getRootNode: methodOf(Node.prototype, 'getRootNode'),
  getAttribute: methodOf(Element.prototype, 'getAttribute'),
  hasAttribute: methodOf(Element.prototype, 'hasAttribute'),
  getAttributeNS: methodOf(Element.prototype, 'getAttributeNS') as (element: unknown, namespace: string, name: string) => string | null,
  baseURI: getterOf(Node.prototype, 'baseURI') as (node: unknown) => string,
  closest: methodOf(Element.prototype, 'closest') as (element: unknown, selector: string) => Element | null,
  querySelectorAll: methodOf(Element.prototype, 'querySelectorAll'),
  documentQuerySelectorAll: methodOf(Document.prototype, 'querySelectorAll'),
  fragmentQuerySelectorAll: methodOf(DocumentFragment.prototype, 'querySelectorAll'),
  getElementById: methodOf(Document.prototype, 'getElementById'),
  fragmentGetElementById: methodOf(DocumentFragment.prototype, 'getElementById'),
});
/*
 * Regular expressions reach back into RegExp.prototype (`exec`, Symbol.split, Symbol.replace,
 * species) on every use, so a page that patched those could make a label read as anything.
 * split and replace here run only the captured built-in exec on private global copies.
 */
const regexpExec = RegExp.prototype.exec;
const regexpSource = getterOf(RegExp.prototype, 'source') as (rx: RegExp) => string;
/**
 * A pattern's flags from each flag's own getter (it reads an internal slot), not the `flags` getter,
 * which reads `this.sticky`… through a prototype a page can redefine (a review, Dec 5).
 */
const FLAG_KEYS = ['hasIndices', 'global', 'ignoreCase', 'multiline', 'dotAll', 'unicode', 'unicodeSets', 'sticky'] as const;
const FLAG_GETTERS = FLAG_KEYS.map((key) => getOwnPropertyDescriptor(RegExp.prototype, key)?.get);
function regexpFlags(rx: RegExp): string {
  let flags = '';
  for (let at = 0; at < FLAG_GETTERS.length; at += 1)
    if (FLAG_GETTERS[at] && apply(FLAG_GETTERS[at]!, rx, []) === true) flags += 'dgimsuvy'[at];
  return flags;
}
const RegExpCtor = RegExp;
const stringSlice = methodOf(String.prototype, 'slice') as (s: string, start: number, end?: number) => string;
const stringIncludes = methodOf(String.prototype, 'includes') as (s: string, part: string) => boolean;
const globalCopies = new WeakMap<RegExp, RegExp>();
const weakMapGetCaptured = WeakMap.prototype.get;
const weakMapSetCaptured = WeakMap.prototype.set;

function globalCopy(rx: RegExp): RegExp {
  let copy = apply(weakMapGetCaptured, globalCopies, [rx]) as RegExp | undefined;
  if (copy === undefined) {
    const flags = regexpFlags(rx);
    copy = new RegExpCtor(regexpSource(rx), stringIncludes(flags, 'g') ? flags : `${flags}g`);
    defineProperty(copy, 'exec', bag({ value: regexpExec }));
    apply(weakMapSetCaptured, globalCopies, [rx, copy]);
  }
  copy.lastIndex = 0;
  return copy;
}

/** Each match of `rx` in `s` in order: all of them, or only the first unless `all`. */
function eachMatch(s: string, rx: RegExp, all: boolean, visit: (start: number, end: number) => void): void {
  const copy = globalCopy(rx);
  for (;;) {
    const match = apply(regexpExec, copy, [s]) as RegExpExecArray | null;
    if (match === null) return;
    const length = (match[0] as string).length;
    if (length === 0) copy.lastIndex += 1;
    else visit(match.index, match.index + length);
    if (!all && length > 0) return;
  }
}

function safeSplit(s: string, rx: RegExp): string[] {
  const parts: string[] = [];
  let last = 0;
  const add = (part: string) => append(parts, part);
  // Like String.prototype.split: every match separates, whatever the pattern's flags.
  eachMatch(s, rx, true, (start, end) => {
    add(stringSlice(s, last, start));
    last = end;
  });
  add(stringSlice(s, last));
  return parts;
}

function safeReplace(s: string, rx: RegExp, by: string): string {
  let out = '';
  let last = 0;
  // Like String.prototype.replace: every match for a global pattern, else the first.
  eachMatch(s, rx, stringIncludes(regexpFlags(rx), 'g'), (start, end) => {
    out += stringSlice(s, last, start) + by;
    last = end;
  });
  return out + stringSlice(s, last);
}

const createTreeWalker = methodOf(Document.prototype, 'createTreeWalker') as (document: Document, root: Node, show: number) => TreeWalker;
const nextNode = methodOf(TreeWalker.prototype, 'nextNode') as (walker: TreeWalker) => Node | null;
const characterData = getterOf(CharacterData.prototype, 'data') as (node: Node) => string;
const SHOW_TEXT = NodeFilter.SHOW_TEXT;
const pageDocument = document;
/** The page's document as it was at document_start (a page cannot replace `window.document`). */
export const PAGE_DOCUMENT = pageDocument;

/**
 * The start of a node's textContent, at most `limit` characters, reading only as many text nodes
 * as that takes: a large container's whole text is never built.
 */
export function textStart(root: Node, limit: number): string {
  const walker = createTreeWalker(pageDocument, root, SHOW_TEXT);
  let out = '';
  for (let node = nextNode(walker); node !== null && out.length < limit; node = nextNode(walker)) out += characterData(node);
  return out.length > limit ? stringSlice(out, 0, limit) : out;
}

export const text = freeze({
  normalize: methodOf(String.prototype, 'normalize') as (s: string, form: string) => string,
  toLowerCase: methodOf(String.prototype, 'toLowerCase') as (s: string) => string,
  /** Like String.prototype.split(regex), immune to patched RegExp internals. */
  split: safeSplit,
  /** Like String.prototype.replace(regex, literal) (every match for a global pattern), immune likewise. */
  replace: safeReplace,
  includes: stringIncludes,
  startsWith: methodOf(String.prototype, 'startsWith') as (s: string, part: string) => boolean,
  endsWith: methodOf(String.prototype, 'endsWith') as (s: string, part: string) => boolean,
  trim: methodOf(String.prototype, 'trim') as (s: string) => string,
  slice: stringSlice,
  charCodeAt: methodOf(String.prototype, 'charCodeAt') as (s: string, at: number) => number,
});
const stringIndexOf = methodOf(String.prototype, 'indexOf') as (s: string, part: string, from?: number) => number;
const stringCodePointAt = methodOf(String.prototype, 'codePointAt') as (s: string, at: number) => number | undefined;
const fromCodePoint = String.fromCodePoint;
const parseIntCaptured = Number.parseInt;
const MapCtor = Map;
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;

/** The string, Map and Set operations the shared classifier needs (core/text/skeleton-ops.ts), captured. */
export const CAPTURED_TEXT_OPS: TextOps = freeze({
  normalize: text.normalize,
  lower: text.toLowerCase,
  replace: safeReplace,
  split: safeSplit,
  search: (s: string, pattern: RegExp) => {
    let found = false;
    eachMatch(s, pattern, false, () => {
      found = true;
    });
    return found;
  },
  regExp: (source: string, flags: string) => new RegExpCtor(source, flags),
  startsWith: text.startsWith,
  includes: stringIncludes,
  indexOf: stringIndexOf,
  slice: stringSlice,
  codePointAt: stringCodePointAt,
  fromCodePoint: (code: number) => apply(fromCodePoint, undefined, [code]) as string,
  parseInt: (s: string, radix: number) => apply(parseIntCaptured, undefined, [s, radix]) as number,
  mapGet: (map: Map<number, string>, key: number) => apply(mapGet, map, [key]) as string | undefined,
  mapSet: (map: Map<number, string>, key: number, value: string) => void apply(mapSet, map, [key, value]),
  newMap: () => new MapCtor<number, string>(),
  append,
});

export const URLCtor = URL;
export const urlHost = getterOf(URL.prototype, 'hostname') as (url: URL) => string;
export const urlHref = getterOf(URL.prototype, 'href') as (url: URL) => string;
export const urlProtocol = getterOf(URL.prototype, 'protocol') as (url: URL) => string;
export const DOMExceptionCtor = DOMException;
export const HOSTNAME = location.hostname;
export const HREF = location.href;
export const nodeList = freeze({
  length: getterOf(NodeList.prototype, 'length') as (list: NodeList) => number,
  item: methodOf(NodeList.prototype, 'item') as (list: NodeList, index: number) => Element | null,
});
export const previousElementSibling = getterOf(Element.prototype, 'previousElementSibling') as (element: Element) => Element | null;
export const anchorHref = getterOf(HTMLAnchorElement.prototype, 'href') as (link: Element) => string;
/** An SVG <a>'s address as the browser follows it: its href's animated value (a `<set>` of it counts). */
const svgHref = getterOf(SVGAElement.prototype, 'href') as (link: Element) => SVGAnimatedString;
const animVal = getterOf(SVGAnimatedString.prototype, 'animVal') as (value: SVGAnimatedString) => string;
export const svgLinkFollowed = (link: Element): string => animVal(svgHref(link));
/** The element an SVG animation (SMIL) animates. */
export const smilTarget = getterOf(SVGAnimationElement.prototype, 'targetElement') as (animation: Element) => Element | null;
export const areaHref = getterOf(HTMLAreaElement.prototype, 'href') as (link: Element) => string;
export const WeakMapCtor = WeakMap;
export const weakMapDelete = WeakMap.prototype.delete;
export const weakMapGet = WeakMap.prototype.get;
export const weakMapSet = WeakMap.prototype.set;
const performanceNow = Performance.prototype.now;
export const now = (): number => apply(performanceNow, performance, []) as number;
