import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { proseLiterals, untranslatedHtml, untranslatedLiterals } from './helpers/ui-strings';

const ROOT = join(import.meta.dirname, '..', '..');
/** Warrant's own pages: the popup (also the ask prompt window) and the settings page. */
const UI_DIRS = ['src/popup', 'src/options', 'src/ui'];

const filesIn = (dir: string, ext: RegExp) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => ext.test(name))
    .map((name) => join(ROOT, dir, name));

/** Words no user sees: an exception for a page whose HTML lost an element (a build error). */
const DEVELOPER_ONLY = ['src/options/view.ts: # is missing from the options page.'];

describe('every word the UI shows goes through the messages', () => {
  it('finds English handed straight to the screen (the check itself)', () => {
    // One snippet a line: what the checks must find, and what they must let through.
    const lines = (name: string) =>
      readFileSync(join(import.meta.dirname, 'fixtures', 'i18n', name), 'utf8')
        .trim()
        .split('\n');
    for (const line of lines('untranslated.txt')) expect(untranslatedLiterals(line), line).not.toEqual([]);
    for (const line of lines('translated.txt')) {
      expect(untranslatedLiterals(line), line).toEqual([]);
      expect(proseLiterals(line), line).toEqual([]);
    }
    expect(proseLiterals("const WORDS = { click: 'click something on the page' };").map((f) => f.literal)).toEqual([
      'click something on the page',
    ]);
    expect(proseLiterals("return done + ' Nothing saved yet.';")).not.toEqual([]);
    expect(untranslatedHtml('<main><p>Hello</p><p data-i18n="k">Hello</p></main>')).toEqual(['<p> Hello']);
    expect(
      untranslatedHtml('<label><span data-i18n="k">Site</span> <select><option value="" data-i18n="a">any</option></select></label>'),
    ).toEqual([]);
    expect(untranslatedHtml('<nav aria-label="Audit log"></nav><nav aria-label="x y" data-i18n-aria-label="k"></nav>')).toEqual([
      'nav aria-label="Audit log"',
    ]);
  });

  it('the popup, prompt and settings code passes no literal words to the screen', () => {
    const findings = UI_DIRS.flatMap((dir) => filesIn(dir, /\.ts$/)).flatMap((file) =>
      untranslatedLiterals(readFileSync(file, 'utf8')).map(
        (f) => `${relative(ROOT, file)}:${f.line} ${f.sink}(${JSON.stringify(f.literal)})`,
      ),
    );
    expect(findings).toEqual([]);
  });

  it('their code holds no prose outside the messages', () => {
    const findings = UI_DIRS.flatMap((dir) => filesIn(dir, /\.ts$/)).flatMap((file) =>
      proseLiterals(readFileSync(file, 'utf8'))
        .map((f) => `${relative(ROOT, file)}: ${f.literal}`)
        .filter((f) => !DEVELOPER_ONLY.includes(f)),
    );
    expect(findings).toEqual([]);
  });

  it('every text and label in their HTML carries data-i18n', () => {
    const files = UI_DIRS.flatMap((dir) => filesIn(dir, /\.html$/));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) expect(untranslatedHtml(readFileSync(file, 'utf8')), relative(ROOT, file)).toEqual([]);
  });
});
