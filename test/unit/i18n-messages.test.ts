import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REASON_CODES } from '../../src/core/contracts';
import { DecisionSchema } from '../../src/core/contracts/verdict';
import { PolicyIssueSchema } from '../../src/messages/policy-ui';

/** Chrome's messages.json format: https://developer.chrome.com/docs/extensions/reference/api/i18n */
type Message = { message: string; description?: string; placeholders?: Record<string, { content: string; example?: string }> };
type Messages = Record<string, Message>;

const ROOT = join(import.meta.dirname, '..', '..');
const LOCALES = join(ROOT, 'public', '_locales');
const read = (locale: string) => JSON.parse(readFileSync(join(LOCALES, locale, 'messages.json'), 'utf8')) as Messages;
const languages = readdirSync(LOCALES);
const english = read('en');
const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8')) as Record<string, unknown>;

/** $name$ references in a message (placeholder names are case-insensitive). */
const referenced = (message: string) => [...new Set([...message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase()))].sort();

const UI_DIRS = ['src/popup', 'src/options', 'src/ui'];
const sourcesIn = (dir: string) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|html)$/.test(name))
    .map((name) => readFileSync(join(ROOT, dir, name), 'utf8'));
/** The UI's code, and the background's files that show words too (the toolbar button's title). */
const uiSources = [
  ...UI_DIRS.flatMap(sourcesIn),
  ...sourcesIn('src/background').filter((text) => /from '(?:\.\.\/)+ui\/i18n'/.test(text)),
].join('\n');

/** Keys the code names: t('key'…), tNodes('key'…), data-i18n*="key", string tables of keys, __MSG_key__. */
function keysInCode(): Set<string> {
  const named = new Set<string>();
  for (const m of uiSources.matchAll(/data-i18n(?:-[a-z-]+)?="([^"]+)"/g)) named.add(m[1]!);
  for (const m of uiSources.matchAll(/['"]([A-Za-z][\w@]*)['"]/g)) if (m[1]! in english) named.add(m[1]!);
  for (const m of JSON.stringify(manifest).matchAll(/__MSG_(\w+)__/g)) named.add(m[1]!);
  // Built keys: `reason_${code}`, `decision_${decision}`, `source_${source}`.
  for (const code of REASON_CODES) named.add(`reason_${code}`);
  for (const decision of DecisionSchema.options) named.add(`decision_${decision}`);
  for (const source of PolicyIssueSchema.shape.source.unwrap().options) named.add(`source_${source}`);
  return named;
}

describe('the messages (public/_locales)', () => {
  it('are English by default, with Simplified Chinese beside it', () => {
    expect(manifest.default_locale).toBe('en');
    expect(languages.sort()).toEqual(['en', 'zh_CN']);
  });

  it.each(languages)('%s: valid messages.json, the same keys and placeholders as English, nothing empty', (locale) => {
    const messages = read(locale);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, entry] of Object.entries(messages)) {
      expect(key, locale).toMatch(/^[A-Za-z0-9_@]+$/);
      expect(key.startsWith('@@'), key).toBe(false);
      expect(
        Object.keys(entry).every((field) => ['message', 'description', 'placeholders'].includes(field)),
        key,
      ).toBe(true);
      expect(typeof entry.message === 'string' && entry.message.trim() !== '', `${locale} ${key} is empty`).toBe(true);
      const placeholders = entry.placeholders ?? {};
      // The same names, standing for the same substitutions ($1, $2 …), as in English.
      expect(placeholders, `${locale} ${key}`).toEqual(english[key]!.placeholders ?? {});
      expect(referenced(entry.message), `${locale} ${key} names exactly its placeholders`).toEqual(Object.keys(placeholders).sort());
      for (const { content } of Object.values(placeholders)) expect(content).toMatch(/^\$[1-9]$/);
      // A lone $ would be read as the start of a placeholder.
      expect(entry.message.replace(/\$[A-Za-z0-9_@]+\$|\$\$/g, ''), `${locale} ${key}`).not.toContain('$');
    }
  });

  it('every Chinese message is translated (only the product name stays as it is)', () => {
    const chinese = read('zh_CN');
    const untranslated = Object.keys(chinese).filter((key) => chinese[key]!.message === english[key]!.message);
    expect(untranslated).toEqual(['extName']);
    const withoutHan = Object.keys(chinese).filter((key) => !/\p{Script=Han}/u.test(chinese[key]!.message));
    expect(withoutHan.sort()).toEqual(['extName', 'htmlLang']);
    expect(chinese.htmlLang!.message).toBe('zh-CN');
  });

  it('every key the code names exists, and every key is named somewhere', () => {
    const named = keysInCode();
    expect([...named].filter((key) => !(key in english))).toEqual([]);
    expect(Object.keys(english).filter((key) => !named.has(key))).toEqual([]);
  });

  it('every t() call passes as many substitutions as its message has placeholders', () => {
    const calls = [...uiSources.matchAll(/\bt\(\s*'([\w@]+)'\s*([,)])/g)];
    expect(calls.length).toBeGreaterThan(50);
    for (const call of calls) {
      const key = call[1]!;
      const start = call.index + call[0].length - 1;
      const wanted = Object.keys(english[key]?.placeholders ?? {}).length;
      expect(topLevelArguments(uiSources, start), `t('${key}', …)`).toBe(wanted);
    }
  });
});

/** How many arguments follow the key: top-level commas up to the call's closing parenthesis. */
function topLevelArguments(code: string, from: number): number {
  if (code[from] === ')') return 0;
  let depth = 0;
  let commas = 1;
  let pending = false;
  for (let i = from + 1; i < code.length; i++) {
    const c = code[i]!;
    if (c === "'" || c === '`' || c === '"') {
      i = code.indexOf(c, i + 1);
      pending = false;
    } else if ('([{'.includes(c)) {
      depth++;
      pending = false;
    } else if (')]}'.includes(c)) {
      // A trailing comma (as the formatter leaves in a call split over lines) adds no argument.
      if (depth === 0) return pending ? commas - 1 : commas;
      depth--;
    } else if (c === ',' && depth === 0) {
      commas++;
      pending = true;
    } else if (!/\s/.test(c)) pending = false;
  }
  return commas;
}
