/**
 * Script detection after UTS #39 section 5 (mixed-script detection and restriction levels), built
 * on the engine's `\p{Script}` / `\p{Script_Extensions}` tables so the core ships no script data.
 * Scripts are named by their ISO 15924 codes, which the regex syntax accepts as aliases.
 */

// Every Unicode 17 script except Common, Inherited and Unknown. A name the running engine does
// not know yet (an older browser) is skipped: its characters then look script-less, i.e. Common.
const SCRIPTS = (
  'Adlm Aghb Ahom Arab Armi Armn Avst Bali Bamu Bass Batk Beng Berf Bhks Bopo Brah Brai Bugi Buhd Cakm Cans Cari Cham ' +
  'Cher Chrs Copt Cpmn Cprt Cyrl Deva Diak Dogr Dsrt Dupl Egyp Elba Elym Ethi Gara Geor Glag Gong Gonm Goth Gran ' +
  'Grek Gujr Gukh Guru Hang Hani Hano Hatr Hebr Hira Hluw Hmng Hmnp Hung Ital Java Kali Kana Kawi Khar Khmr Khoj Kits ' +
  'Knda Krai Kthi Lana Laoo Latn Lepc Limb Lina Linb Lisu Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend Merc Mero Mlym ' +
  'Modi Mong Mroo Mtei Mult Mymr Nagm Nand Narb Nbat Newa Nkoo Nshu Ogam Olck Onao Orkh Orya Osge Osma Ougr Palm Pauc ' +
  'Perm Phag Phli Phlp Phnx Plrd Prti Rjng Rohg Runr Samr Sarb Saur Sgnw Shaw Shrd Sidd Sidt Sind Sinh Sogd Sogo Sora ' +
  'Soyo Sund Sunu Sylo Syrc Tagb Takr Tale Talu Taml Tang Tavt Tayo Telu Tfng Tglg Thaa Thai Tibt Tirh Tnsa Todr Tols ' +
  'Toto Tutg Ugar Vaii Vith Wara Wcho Xpeo Xsux Yezi Yiii Zanb'
).split(' ');

/** UAX #31 Table 7, Recommended Scripts (Common and Inherited aside). */
const RECOMMENDED = new Set(
  'Arab Armn Beng Bopo Cyrl Deva Ethi Geor Grek Gujr Guru Hang Hani Hebr Hira Kana Knda Khmr Laoo Latn Mlym Mymr Orya Sinh Taml Telu Thaa Thai Tibt'.split(
    ' ',
  ),
);

/** Characters used with every script: UTS #39 treats their script set as ALL, so they never make text mixed. */
const ANY_SCRIPT = /^[\p{Script_Extensions=Zyyy}\p{Script_Extensions=Zinh}\p{Script=Zzzz}]$/u;
const NO_SCRIPT = /^[\p{Script=Zyyy}\p{Script=Zinh}]$/u;

interface ScriptInfo {
  /** The Script property value, or null for Common and Inherited. */
  script: string | null;
  /** Augmented Script_Extensions, or null for ALL (Common and Inherited characters with no extensions). */
  extensions: ReadonlySet<string> | null;
}

let compiled: Array<[name: string, scx: RegExp, sc: RegExp]> | undefined;
const cache = new Map<number, ScriptInfo>();
const LATIN: ScriptInfo = { script: 'Latn', extensions: new Set(['Latn']) };
const COMMON: ScriptInfo = { script: null, extensions: null };

function regexes(): Array<[string, RegExp, RegExp]> {
  compiled ??= SCRIPTS.flatMap((name): Array<[string, RegExp, RegExp]> => {
    try {
      return [[name, new RegExp(`^\\p{scx=${name}}$`, 'u'), new RegExp(`^\\p{sc=${name}}$`, 'u')]];
    } catch {
      return [];
    }
  });
  return compiled;
}

function lookup(char: string): ScriptInfo {
  const code = char.codePointAt(0)!;
  if (code < 0x80) return (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a ? LATIN : COMMON;
  const known = cache.get(code);
  if (known !== undefined) return known;
  let info = COMMON;
  if (!ANY_SCRIPT.test(char)) {
    const matches = regexes().filter(([, scx]) => scx.test(char));
    const extensions = matches.map(([name]) => name);
    const script = NO_SCRIPT.test(char) ? null : (matches.find(([, , sc]) => sc.test(char))?.[0] ?? null);
    info = { script, extensions: extensions.length > 0 ? augment(extensions) : null };
  }
  // Bounded so a page cannot grow it without limit by feeding every code point in turn.
  if (cache.size >= 4096) cache.clear();
  cache.set(code, info);
  return info;
}

/** UTS #39's augmentation: Han is also written inside Japanese, Korean and Bopomofo-annotated text. */
function augment(extensions: readonly string[]): Set<string> {
  const set = new Set(extensions);
  if (set.has('Hani')) for (const s of ['Hanb', 'Jpan', 'Kore']) set.add(s);
  if (set.has('Hira') || set.has('Kana')) set.add('Jpan');
  if (set.has('Hang')) set.add('Kore');
  if (set.has('Bopo')) set.add('Hanb');
  return set;
}

/** The scripts the text's characters belong to (Script property), Common and Inherited left out, sorted. */
export function scriptsOf(text: string): string[] {
  const found = new Set<string>();
  for (const char of text) {
    const { script } = lookup(char);
    if (script !== null) found.add(script);
  }
  return [...found].sort();
}

/**
 * UTS #39 resolved script set: the intersection of every character's augmented Script_Extensions.
 * null stands for ALL (no character tied to a script); an empty array means mixed script.
 */
export function resolvedScriptSet(text: string): string[] | null {
  let resolved: Set<string> | null = null;
  for (const char of text) {
    const { extensions } = lookup(char);
    if (extensions === null) continue;
    if (resolved === null) resolved = new Set(extensions);
    else for (const s of resolved) if (!extensions.has(s)) resolved.delete(s);
    if (resolved.size === 0) break;
  }
  return resolved === null ? null : [...resolved].sort();
}

/** Mixed script in the UTS #39 sense: Han with Hiragana/Katakana, Hangul or Bopomofo counts as one script. */
export function isMixedScript(text: string): boolean {
  return resolvedScriptSet(text)?.length === 0;
}

/** Whether each character's augmented Script_Extensions meets `scripts` (or is ALL). */
function coveredBy(text: string, scripts: readonly string[]): boolean {
  for (const char of text) {
    const { extensions } = lookup(char);
    if (extensions === null) continue;
    if (!scripts.some((s) => extensions.has(s))) return false;
  }
  return true;
}

export type RestrictionLevel = 'ascii-only' | 'single-script' | 'highly-restrictive' | 'moderately-restrictive' | 'minimally-restrictive';

/**
 * UTS #39 section 5.2 restriction level, from the script conditions only: the identifier-profile
 * condition (IdentifierStatus.txt) is not checked, so nothing here reaches "unrestricted".
 */
export function restrictionLevel(text: string): RestrictionLevel {
  if (/^[\0-\x7F]*$/.test(text)) return 'ascii-only';
  if (!isMixedScript(text)) return 'single-script';
  if (
    [
      ['Latn', 'Jpan'],
      ['Latn', 'Hanb'],
      ['Latn', 'Kore'],
    ].some((set) => coveredBy(text, set))
  )
    return 'highly-restrictive';
  for (const other of RECOMMENDED) {
    if (other !== 'Latn' && other !== 'Cyrl' && other !== 'Grek' && coveredBy(text, ['Latn', other])) return 'moderately-restrictive';
  }
  return 'minimally-restrictive';
}
