import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyJsonLines } from '../../scripts/audit-jsonl';

/** The README's sample export (written by npm run screenshots from the real build) verifies, and breaks when edited. */
describe('the sample audit export', () => {
  const text = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'audit-sample.jsonl'), 'utf8');

  it('is a chain audit:verify accepts', () => {
    const check = verifyJsonLines(text);
    expect(check).toMatchObject({ ok: true, fromGenesis: true });
    if (check.ok) expect(check.count).toBeGreaterThanOrEqual(2);
  });

  it('breaks at the first edited record', () => {
    const lines = text.trimEnd().split('\n');
    lines[0] = lines[0]!.replace('"decision":"block"', '"decision":"allow"');
    expect(lines[0]).toContain('"decision":"allow"');
    expect(verifyJsonLines(lines.join('\n'))).toMatchObject({ ok: false, line: 1 });
  });

  it('is sealed, ends with its head, and fails when its last record is cut off', () => {
    const lines = text.split('\n');
    for (const line of lines.slice(0, -1))
      expect(JSON.parse(line)).toMatchObject({ format: 2, mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ kind: 'audit-head', format: 1, brokenAt: null });
    lines.splice(-2, 1);
    expect(verifyJsonLines(lines.join('\n'))).toMatchObject({
      ok: false,
      subject: 'head',
      reason: expect.stringContaining('cut off at the end'),
    });
  });
});
