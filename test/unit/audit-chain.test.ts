import { describe, expect, it } from 'vitest';
import {
  AUDIT_FORMAT,
  type AuditBody,
  type AuditRecord,
  AuditRecordSchema,
  chainRecord,
  GENESIS,
  hashRecord,
  reason,
  verifyChain,
} from '../../src/core';
import { sealForTest } from '../support/audit-records';

const T0 = 1_700_000_000_000;

function body(i: number): AuditBody {
  const blocked = i % 2 === 1;
  return {
    id: `rec-${i}`,
    time: T0 + i * 1_000,
    tab: { id: 7, origin: 'https://shop.example' },
    frame: { id: 0, origin: 'https://shop.example' },
    proposal: {
      tool: 'click',
      target: `#btn-${i}`,
      claims: { label: 'Pay' },
      agent: 'I will press the pay button',
      preview: null,
    },
    resolution: { tool: 'click', provider: 'builtin', privilege: 'interact' },
    certificates: [
      {
        id: `ui_element-${i}`,
        type: 'ui_element',
        value: { count: 1, connected: true, visible: !blocked },
        verifier: 'dom@1',
        source: 'dom',
        trust: 'extension',
        confidence: 1,
      },
      {
        id: `visible_text-${i}`,
        type: 'visible_text',
        value: { text: 'Pay' },
        verifier: 'dom@1',
        source: 'dom',
        trust: 'extension',
        confidence: 1,
      },
    ],
    decision: blocked ? 'block' : 'allow',
    reasons: blocked ? [reason('target_hidden', undefined, 'target.visible')] : [],
    approval: null,
    execution: { executed: !blocked, error: null },
    targetLabel: 'Pay',
  };
}

function chain(n: number, start: Pick<AuditRecord, 'hash' | 'seq'> | null = null): AuditRecord[] {
  const records: AuditRecord[] = [];
  let previous = start;
  for (let i = 0; i < n; i++) {
    const record = sealForTest(chainRecord(body(i), previous));
    records.push(record);
    previous = record;
  }
  return records;
}

const clone = <T>(value: T): T => structuredClone(value);

describe('chainRecord', () => {
  it('starts at seq 0 after the genesis hash and links each record to the previous one', () => {
    const records = chain(3);
    expect(records[0]).toMatchObject({ format: AUDIT_FORMAT, seq: 0, prev: GENESIS });
    expect(records[1]).toMatchObject({ seq: 1, prev: records[0]!.hash });
    expect(records[2]).toMatchObject({ seq: 2, prev: records[1]!.hash });
    for (const record of records) {
      const { hash, mac: _mac, ...rest } = record;
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hashRecord(rest)).toBe(hash);
    }
  });

  it('produces records that parse against AuditRecordSchema', () => {
    for (const record of chain(5)) expect(AuditRecordSchema.parse(record)).toEqual(record);
  });

  it('is deterministic: equal bodies after equal predecessors seal to equal hashes', () => {
    expect(chain(3)).toEqual(chain(3));
  });
});

describe('verifyChain', () => {
  it('verifies a chain of five records', () => {
    expect(verifyChain(chain(5))).toEqual({ ok: true, count: 5 });
  });

  it('verifies an empty run', () => {
    expect(verifyChain([])).toEqual({ ok: true, count: 0 });
  });

  it('fails at record 2 when its decision is changed', () => {
    const records = clone(chain(5));
    expect(records[2]!.decision).toBe('allow');
    records[2]!.decision = 'block';
    expect(verifyChain(records)).toMatchObject({ ok: false, index: 2 });
  });

  it('fails at record 2 when a certificate value inside it is changed', () => {
    const records = clone(chain(5));
    records[2]!.certificates[1]!.value = { text: 'Pay Mallory' };
    expect(verifyChain(records)).toMatchObject({ ok: false, index: 2 });
  });

  it('fails at the tampered record even when its own hash is recomputed, because the next link breaks', () => {
    const records = clone(chain(5));
    expect(records[2]!.decision).toBe('allow');
    records[2]!.decision = 'block';
    records[2]!.execution.executed = false;
    const { hash: _old, mac: _mac, ...rest } = records[2]!;
    records[2]!.hash = hashRecord(rest);
    expect(verifyChain(records)).toMatchObject({ ok: false, index: 3 });
  });

  it('fails at index 2 when record 2 is deleted', () => {
    const records = chain(5);
    records.splice(2, 1);
    const check = verifyChain(records);
    expect(check).toMatchObject({ ok: false, index: 2 });
    expect(check.ok ? '' : check.message).toMatch(/does not follow record 1/);
  });

  it('fails when two records are swapped', () => {
    const records = chain(5);
    [records[1], records[2]] = [records[2]!, records[1]!];
    expect(verifyChain(records)).toMatchObject({ ok: false, index: 1 });
  });

  it('fails when a record is duplicated', () => {
    const records = chain(3);
    records.splice(2, 0, records[1]!);
    expect(verifyChain(records)).toMatchObject({ ok: false, index: 2 });
  });

  it.each([
    ['null', null],
    ['a string', 'record'],
    ['an empty object', {}],
  ])('fails at the index of a non-record (%s)', (_name, junk) => {
    const records: unknown[] = chain(4);
    records.splice(1, 0, junk);
    expect(verifyChain(records)).toMatchObject({ ok: false, index: 1 });
  });

  it('fails on a record with an extra key or the wrong format', () => {
    const extra = { ...chain(1)[0]!, note: 'x' };
    expect(verifyChain([extra])).toMatchObject({ ok: false, index: 0 });
    const wrongFormat = { ...chain(1)[0]!, format: 3 };
    expect(verifyChain([wrongFormat])).toMatchObject({ ok: false, index: 0 });
    const { mac: _mac, ...unsealed } = chain(1)[0]!;
    expect(verifyChain([unsealed])).toMatchObject({ ok: false, index: 0 });
  });

  it('accepts a first record that continues a rotated-away part of the chain', () => {
    const records = chain(3, { hash: 'ab'.repeat(32), seq: 41 });
    expect(records[0]).toMatchObject({ seq: 42, prev: 'ab'.repeat(32) });
    expect(verifyChain(records)).toEqual({ ok: true, count: 3 });
  });

  it('verifies records that went through JSON Lines export and import', () => {
    const lines = chain(5)
      .map((r) => JSON.stringify(r))
      .join('\n');
    const parsed = lines.split('\n').map((line) => JSON.parse(line) as unknown);
    expect(verifyChain(parsed)).toEqual({ ok: true, count: 5 });
  });
});
