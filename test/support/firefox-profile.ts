import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';

/**
 * A Firefox profile for one launch, copied from a template profile that Firefox has started once
 * (no extension, no preference of ours: puppeteer writes those into every copy at launch). A
 * fresh profile's first start is Firefox's slowest: started from a copy, Firefox launched in
 * 2.9 s against 4.5 s fresh (medians of 5 interleaved pairs, idle machine; 7.1 against 9.6 s at
 * load 8), which over ~50 Firefox launches is more than a minute of `npm test`. The template is
 * made by the first launch and shared by later ones (test files run in separate processes), keyed
 * by the Firefox binary so a new version gets a new one; `npm test` removes it at the end
 * (removeFirefoxTemplates). Null when no template could be made: the caller then lets puppeteer
 * make a fresh profile, as before.
 */
const PREFIX = 'warrant-firefox-template-';

export async function firefoxProfileCopy(executablePath: string): Promise<string | null> {
  const template = await firefoxTemplate(executablePath);
  if (template === null) return null;
  const copy = mkdtempSync(join(tmpdir(), 'warrant-firefox-profile-'));
  cpSync(template, copy, { recursive: true });
  return copy;
}

async function firefoxTemplate(executablePath: string): Promise<string | null> {
  let key: string;
  try {
    const binary = statSync(executablePath);
    key = `${binary.size}-${Math.round(binary.mtimeMs)}`;
  } catch {
    return null;
  }
  const dir = join(tmpdir(), `${PREFIX}${key}`);
  if (existsSync(join(dir, 'ready'))) return dir;
  const building = mkdtempSync(join(tmpdir(), `${PREFIX}build-`));
  try {
    const browser = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true, userDataDir: building });
    await browser.close();
    writeFileSync(join(building, 'ready'), '');
    // Atomic: a process that made one at the same time keeps its own, and this copy goes.
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  return existsSync(join(dir, 'ready')) ? dir : null;
}

/** Removes every template (end of `npm test`). */
export function removeFirefoxTemplates(): void {
  for (const name of readdirSync(tmpdir())) {
    if (name.startsWith(PREFIX)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}
