import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_HEAD, verifyJsonLines } from '../../scripts/audit-jsonl';
import { type AuditRecord, hashRecord } from '../../src/core';
import { auditChain, exportOf, headLine, legacyChain, toJsonLines } from '../support/audit-records';

const records = auditChain(6);
const T = records[3]!.time;

describe('audit:verify and the head line', () => {
  it('fails records cut off at the end, naming the head line and how many', () => {
    const cut = `${toJsonLines(records.slice(0, 4))}${headLine(records)}`;
    expect(verifyJsonLines(cut)).toEqual({
      ok: false,
      line: 5,
      id: null,
      subject: 'head',
      reason: "the records end at seq 3 but the log's head was seq 5: 2 records were cut off at the end",
    });
    expect(verifyJsonLines(`${toJsonLines(records.slice(0, 5))}${headLine(records)}`)).toMatchObject({
      reason: "the records end at seq 4 but the log's head was seq 5: 1 record was cut off at the end",
    });
  });

  it('fails an export whose last line (the head) was cut off, unless told to accept it', () => {
    const text = toJsonLines(records);
    expect(verifyJsonLines(text)).toEqual({ ok: false, line: 7, id: null, reason: NO_HEAD, subject: 'no-head' });
    expect(verifyJsonLines(text, { allowNoHead: true })).toMatchObject({ ok: true, count: 6, head: null });
  });

  it('fails a head that does not match the last record', () => {
    const other = JSON.parse(headLine(records)) as Record<string, unknown>;
    other.hash = 'ab'.repeat(32);
    expect(verifyJsonLines(`${toJsonLines(records)}${JSON.stringify(other)}`)).toMatchObject({
      ok: false,
      line: 7,
      reason: 'the head names seq 5 with another hash: the last record was replaced',
    });
    expect(verifyJsonLines(`${toJsonLines(records)}${headLine(records.slice(0, 5))}`)).toMatchObject({
      ok: false,
      reason: 'the records go on past the head (seq 4) to seq 5',
    });
  });

  it('fails records cut from the start of a whole export, and a head that saw a break', () => {
    expect(verifyJsonLines(`${toJsonLines(records.slice(2))}${headLine(records)}`)).toMatchObject({
      ok: false,
      reason: 'the records start at seq 2 but the log kept records from seq 0: records were cut from the start',
    });
    expect(verifyJsonLines(exportOf(records, { brokenAt: 4 }))).toMatchObject({
      ok: false,
      reason: 'the extension found its head missing or wrong when it wrote seq 4: records before it may have been cut off at the end',
    });
  });

  it('accepts an export limited by a range, and says later records were left out by it', () => {
    const ranged = `${toJsonLines(records.slice(1, 4))}${headLine(records, { first: 0, since: records[1]!.time, until: T })}`;
    expect(verifyJsonLines(ranged)).toMatchObject({ ok: true, count: 3, firstSeq: 1, lastSeq: 3, head: { seq: 5, cut: 'by-range' } });
  });

  it('fails a head that is not last, not a head, or without records', () => {
    const lines = exportOf(records).split('\n');
    expect(verifyJsonLines([...lines, lines[5]].join('\n'))).toMatchObject({
      ok: false,
      line: 8,
      subject: 'head',
      reason: 'follows the head line (line 7): the head must be the last line',
    });
    expect(verifyJsonLines(`${toJsonLines(records)}{"kind":"audit-head","format":1}`)).toMatchObject({
      ok: false,
      reason: 'not a format-1 head line',
    });
    expect(verifyJsonLines(headLine(records))).toMatchObject({
      ok: false,
      line: 1,
      reason: "the export holds no records, but the log's head was seq 5: they were deleted",
    });
  });

  it('accepts format-1 records followed by sealed ones, but not an unsealed record after a sealed one', () => {
    const legacy = legacyChain(2);
    const sealed = auditChain(2, legacy[1]!);
    expect(verifyJsonLines(exportOf([...legacy, ...sealed]))).toMatchObject({ ok: true, count: 4 });
    const { mac: _mac, hash: _hash, ...rest } = sealed[1]!;
    const downgraded = { ...rest, format: 1 as const };
    const rehashed: AuditRecord = { ...downgraded, hash: hashRecord(downgraded) };
    expect(verifyJsonLines(exportOf([...legacy, sealed[0]!, rehashed]))).toMatchObject({
      ok: false,
      line: 4,
      reason: 'an unsealed (format-1) record after the sealed one on line 3: the extension never writes that',
    });
  });

  it('cannot check macs: a record whose mac was replaced still passes (only the extension can tell)', () => {
    const forged = records.map((record) => ({ ...record, mac: 'ff'.repeat(32) }));
    expect(verifyJsonLines(exportOf(forged))).toMatchObject({ ok: true, count: 6 });
  });
});

describe('npm run audit:verify without a head', { timeout: 30_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'warrant-audit-head-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) => {
    const file = join(dir, 'old.jsonl');
    writeFileSync(file, toJsonLines(legacyChain(3)));
    const tsx = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsx');
    const done = spawnSync(tsx, [join(import.meta.dirname, '..', '..', 'scripts', 'audit-verify.ts'), ...args, file], { encoding: 'utf8' });
    return { status: done.status, out: `${done.stdout}${done.stderr}`.trim() };
  };

  it('fails an old export, saying why and how to check its chain alone', () => {
    expect(run()).toEqual({
      status: 1,
      out: `NO HEAD: ${NO_HEAD}. To check the chain alone: npm run audit:verify -- --allow-no-head FILE`,
    });
  });

  it('checks the chain alone with --allow-no-head, and still warns', () => {
    const accepted = run('--allow-no-head');
    expect(accepted.status).toBe(0);
    expect(accepted.out).toContain('OK: 3 records');
    expect(accepted.out).toContain('NO HEAD (accepted with --allow-no-head): truncation at the end cannot be detected');
  });
});
