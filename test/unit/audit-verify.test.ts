import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyJsonLines } from '../../scripts/audit-jsonl';
import { AuditRecordSchema } from '../../src/core';
import { auditChain, exportOf, PNG_1X1, toJsonLines } from '../support/audit-records';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'warrant-audit-verify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `npm run audit:verify -- FILE` as a user would (through tsx, without npm's banner). */
function cli(text: string | null, name = 'export.jsonl') {
  const file = join(dir, name);
  if (text !== null) writeFileSync(file, text);
  const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'audit-verify.ts'), file], { encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}`.trim() };
}

const lines = (n = 5) => exportOf(auditChain(n)).split('\n');
const edit = (line: string, change: (record: Record<string, unknown>) => void) => {
  const record = JSON.parse(line) as Record<string, unknown>;
  change(record);
  return JSON.stringify(record);
};

// Each test spawns the CLI through tsx (about a second alone, several on a loaded two-core machine).
describe('npm run audit:verify', { timeout: 30_000 }, () => {
  it('accepts a good export: "OK: N records", exit 0', () => {
    const run = cli(exportOf(auditChain(5)));
    expect(run.status).toBe(0);
    expect(run.out.split('\n')).toEqual([
      'OK: 5 records',
      'seq 0–4, from the first record of the log',
      'head: seq 4, the last record',
      'macs not checked here: only the extension, which holds the key, can verify them',
    ]);
  });

  it('names the first broken line when a field was edited, exit 1', () => {
    const text = lines();
    text[2] = edit(text[2]!, (r) => {
      expect(r.decision).toBe('allow');
      r.decision = 'block';
    });
    const run = cli(text.join('\n'));
    expect(run.status).toBe(1);
    expect(run.out).toBe('BROKEN at line 3 (record id rec-2): its content does not match its hash: the record was edited');
  });

  it('names the line after a deleted one', () => {
    const text = lines();
    text.splice(2, 1);
    const run = cli(text.join('\n'));
    expect(run.status).toBe(1);
    expect(run.out).toMatch(/^BROKEN at line 3 \(record id rec-3\): does not follow line 2/);
  });

  it('names the first line of a reordered pair', () => {
    const text = lines();
    [text[1], text[2]] = [text[2]!, text[1]!];
    const run = cli(text.join('\n'));
    expect(run.status).toBe(1);
    expect(run.out).toMatch(/^BROKEN at line 2 \(record id rec-2\): does not follow line 1/);
  });

  it('fails an edited crop: the picture is covered by the hash too', () => {
    const text = lines();
    expect(JSON.parse(text[1]!).crop.png).toBe(PNG_1X1);
    text[1] = edit(text[1]!, (r) => {
      (r.crop as { png: string }).png = `${PNG_1X1.slice(0, -6)}AAAA==`;
    });
    expect(cli(text.join('\n'))).toMatchObject({ status: 1, out: expect.stringMatching(/^BROKEN at line 2 \(record id rec-1\)/) });
  });

  it('fails a line that is not JSON or not a record, naming it', () => {
    const text = lines();
    text.splice(3, 0, '{"format": 1, "id": "forged"}');
    expect(cli(text.join('\n'))).toMatchObject({
      status: 1,
      out: expect.stringMatching(/^BROKEN at line 4 \(record id forged\): not an audit record of format 1 or 2/),
    });
    expect(cli(`${toJsonLines(auditChain(2))}{oops\n`)).toMatchObject({
      status: 1,
      out: 'BROKEN at line 3 (record id unknown): not valid JSON',
    });
  });

  it('exits 2 for a file it cannot read, and 1 for a file without records', () => {
    const missing = cli(null, 'missing.jsonl');
    expect(missing.status).toBe(2);
    expect(missing.out).toMatch(/^UNREADABLE: .*missing\.jsonl/);
    expect(cli('\n\n', 'empty.jsonl')).toMatchObject({ status: 1, out: expect.stringContaining('holds no records') });
  });
});

describe('verifyJsonLines', () => {
  it('accepts an export that starts after rotation, and says so', () => {
    const records = auditChain(3, { hash: 'ab'.repeat(32), seq: 41 });
    expect(verifyJsonLines(exportOf(records))).toEqual({
      ok: true,
      count: 3,
      firstSeq: 42,
      lastSeq: 44,
      fromGenesis: false,
      head: { seq: 44, first: 42, cut: 'none' },
    });
  });

  it('counts physical lines, skipping blank ones and CRLF endings', () => {
    const text = lines(3);
    const crlf = `\r\n${text[0]}\r\n\r\n${text[2]}\r\n${text[3]}\r\n`;
    expect(verifyJsonLines(crlf)).toMatchObject({ ok: false, line: 4, id: 'rec-2' });
  });

  it('rejects a crop that is not a small PNG data: URL', () => {
    const [record] = auditChain(2).slice(1);
    const svg = { ...record!, crop: { png: 'data:image/svg+xml;base64,PHN2Zz4=', rect: { x: 0, y: 0, width: 1, height: 1 } } };
    expect(AuditRecordSchema.safeParse(svg).success).toBe(false);
    const huge = { ...record!, crop: { png: `data:image/png;base64,${'A'.repeat(90_000)}`, rect: { x: 0, y: 0, width: 1, height: 1 } } };
    expect(AuditRecordSchema.safeParse(huge).success).toBe(false);
  });
});
