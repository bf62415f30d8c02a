/**
 * Finds words Warrant's UI code would show without going through the messages (src/ui/i18n.ts):
 * string literals with letters handed straight to what puts text on screen. A sink's own
 * arguments are checked; calls nested in them are checked where they are sinks themselves, and
 * t(…)/tNodes(…) are the one allowed way in.
 */

export type Finding = { line: number; sink: string; literal: string };

/** Calls whose arguments (all, or the one named) become visible text. */
const CALL_SINKS: Record<string, number | 'all'> = {
  text: 2,
  button: 0,
  warning: 0,
  strong: 0,
  setStatus: 0,
  append: 'all',
  prepend: 'all',
  replaceChildren: 'all',
  before: 'all',
  after: 'all',
  createTextNode: 0,
  Option: 0,
};
const ASSIGNED = /\.(textContent|innerText|title|alt|placeholder|ariaLabel)\s*=(?!=)\s*/g;
const LABEL_ATTRIBUTES = new Set(['title', 'aria-label', 'aria-description', 'alt', 'placeholder']);
const WORDS = /\p{L}{2,}/u;

export function untranslatedLiterals(source: string): Finding[] {
  const code = withoutComments(source);
  const found: Finding[] = [];
  const lineAt = (index: number) => code.slice(0, index).split('\n').length;
  const report = (at: number, sink: string, region: string) => {
    for (const literal of literalsIn(withoutCalls(region))) if (WORDS.test(literal)) found.push({ line: lineAt(at), sink, literal });
  };
  for (const match of code.matchAll(/\b([A-Za-z]+)\(/g)) {
    const name = match[1]!;
    const open = match.index + match[0].length - 1;
    const args = splitArgs(code, open);
    if (name === 'setAttribute') {
      const attribute = /^\s*['"]([\w-]+)['"]\s*$/.exec(args[0] ?? '')?.[1];
      if (attribute && LABEL_ATTRIBUTES.has(attribute)) report(match.index, name, args[1] ?? '');
      continue;
    }
    const which = CALL_SINKS[name];
    if (which === undefined) continue;
    for (const arg of which === 'all' ? args : [args[which] ?? '']) report(match.index, name, arg);
  }
  for (const match of code.matchAll(ASSIGNED)) {
    const start = match.index + match[0].length;
    report(match.index, match[1]!, code.slice(start, endOfExpression(code, start)));
  }
  return found;
}

function withoutComments(source: string): string {
  // Keeps the line count (for the findings) and leaves string contents alone well enough for UI code.
  return source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The top-level arguments of the call whose "(" is at `open`. */
function splitArgs(code: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < code.length; i++) {
    const c = code[i]!;
    if (c === "'" || c === '"' || c === '`') {
      i = skipString(code, i);
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) {
        args.push(code.slice(start, i));
        return args.filter((arg) => arg.trim() !== '');
      }
    } else if (c === ',' && depth === 1) {
      args.push(code.slice(start, i));
      start = i + 1;
    }
  }
  return args;
}

/** Index of the bracket that closes the one at `open`. */
function closing(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i]!;
    if (c === "'" || c === '"' || c === '`') i = skipString(code, i);
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && --depth === 0) return i;
  }
  return code.length;
}

function endOfExpression(code: string, from: number): number {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i]!;
    if (c === "'" || c === '"' || c === '`') i = skipString(code, i);
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return i;
      depth--;
    } else if ((c === ';' || c === ',') && depth === 0) return i;
  }
  return code.length;
}

/** Index of the closing quote of the string opening at `at` (template interpolations skipped over). */
function skipString(code: string, at: number): number {
  const quote = code[at]!;
  for (let i = at + 1; i < code.length; i++) {
    if (code[i] === '\\') i++;
    else if (code[i] === quote) return i;
    else if (quote === '`' && code[i] === '$' && code[i + 1] === '{') {
      let depth = 0;
      for (i++; i < code.length; i++) {
        if (code[i] === '{') depth++;
        else if (code[i] === '}' && --depth === 0) break;
        else if (code[i] === "'" || code[i] === '"' || code[i] === '`') i = skipString(code, i);
      }
    }
  }
  return code.length;
}

/** The expression with every call `name(…)` (and member call) cut out, its arguments included. */
function withoutCalls(region: string): string {
  let out = '';
  for (let i = 0; i < region.length; i++) {
    const c = region[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const end = skipString(region, i);
      out += region.slice(i, end + 1);
      i = end;
    } else if (c === '(' && /[\w$)\]]\s*$/.test(out)) {
      i = closing(region, i);
    } else out += c;
  }
  return out;
}

/** The text of each string literal in the expression, template interpolations removed. */
function literalsIn(region: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < region.length; i++) {
    const c = region[i]!;
    if (c !== "'" && c !== '"' && c !== '`') continue;
    const end = skipString(region, i);
    const body = region.slice(i + 1, end);
    if (c === '`') {
      out.push(withoutInterpolations(body));
      for (const inner of interpolations(body)) out.push(...literalsIn(withoutCalls(inner)));
    } else out.push(body);
    i = end;
  }
  return out;
}

function interpolations(body: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== '$' || body[i + 1] !== '{') continue;
    const end = closing(body, i + 1);
    out.push(body.slice(i + 2, end));
    i = end;
  }
  return out;
}

function withoutInterpolations(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '$' && body[i + 1] === '{') {
      let depth = 0;
      for (i++; i < body.length; i++) {
        if (body[i] === '{') depth++;
        else if (body[i] === '}' && --depth === 0) break;
      }
    } else out += body[i];
  }
  return out;
}

/**
 * Any literal that reads as prose, wherever it is (a table of words, a returned sentence): two
 * words with white space between them, or Chinese. Keys passed to t()/tNodes() and import paths are
 * not prose.
 */
export function proseLiterals(source: string): Finding[] {
  const code = withoutComments(source)
    .replace(/^\s*(import|export)\b[^;]*?from\s+['"][^'"]+['"]/gm, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/\b(t|tNodes)\(\s*(['"])[\w@]+\2/g, '$1(KEY');
  const lineAt = (index: number) => code.slice(0, index).split('\n').length;
  const found: Finding[] = [];
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c !== "'" && c !== '"' && c !== '`') continue;
    const end = skipString(code, i);
    for (const literal of literalsIn(code.slice(i, end + 1)))
      if (PROSE.test(literal)) found.push({ line: lineAt(i), sink: 'literal', literal });
    i = end;
  }
  return found;
}
const PROSE = /\p{L}{2,}[,.:;!?…]?\s+\p{L}{2,}|\p{Script=Han}/u;

/** Text and labelling attributes in an HTML page that carry no data-i18n / data-i18n-<attribute>. */
export function untranslatedHtml(html: string): string[] {
  const found: string[] = [];
  const stack: { tag: string; i18n: boolean }[] = [];
  const body = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '');
  for (const token of body.split(/(<[^>]+>)/)) {
    if (token.startsWith('</')) {
      const tag = token.slice(2, -1).trim().toLowerCase();
      while (stack.length > 0 && stack.pop()!.tag !== tag);
    } else if (token.startsWith('<!')) {
      // doctype
    } else if (token.startsWith('<')) {
      const tag = /^<([\w-]+)/.exec(token)?.[1]?.toLowerCase() ?? '';
      const attributes = [...token.matchAll(/([\w-]+)\s*=\s*"([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!] as const);
      const names = new Set(attributes.map(([name]) => name));
      for (const [name, value] of attributes) {
        if (LABEL_ATTRIBUTES.has(name) && WORDS.test(value) && !names.has(`data-i18n-${name}`)) found.push(`${tag} ${name}="${value}"`);
      }
      if (!/^(meta|link|input|br|img|hr|source)$/.test(tag) && !token.endsWith('/>')) stack.push({ tag, i18n: names.has('data-i18n') });
    } else if (WORDS.test(token) && !stack.at(-1)?.i18n) {
      found.push(`<${stack.at(-1)?.tag ?? '?'}> ${token.trim()}`);
    }
  }
  return found;
}
