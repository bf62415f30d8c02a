import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', 'src', 'content', 'main-world');
const sources = readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

/** Issue 13 §4: the main world finds WebMCP polyfills without hooking globals it has no business in. */
describe('main-world hooks', () => {
  it('never patches Object or Reflect (no global defineProperty hook)', () => {
    for (const { file, text } of sources) expect(text, file).not.toMatch(/patch\(\s*(Object|Reflect)\s*,/);
  });

  it('wraps every patched function with wrap() (a Proxy), never a plain function that toString would reveal', () => {
    for (const { file, text } of sources) {
      for (const match of text.matchAll(/patch\([^;]*?replaced\(descriptor, '(value|set)', (\w+)\)/gs)) {
        expect(text, `${file}: ${match[2]}`).toMatch(new RegExp(`const ${match[2]} = wrap\\(`));
      }
      expect(text, file).not.toMatch(/patch\([^;]*\{\s*\.\.\.descriptor/s);
    }
  });
});
