import { type AuditBody, type AuditRecord, type Decision, reason, sealRecord } from '../../src/core';

export const T0 = 1_700_000_000_000;
/** A 1×1 PNG, the shape of a crop the pipeline attaches to a blocked click. */
export const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export type BodyOptions = { decision?: Decision; tool?: string; origin?: string; crop?: boolean };

/** An audit body for record `i`: odd ones are blocked clicks unless told otherwise. */
export function auditBody(i: number, options: BodyOptions = {}): AuditBody {
  const decision = options.decision ?? (i % 2 === 1 ? 'block' : 'allow');
  const origin = options.origin ?? 'https://shop.example';
  const stopped = decision !== 'allow';
  return {
    event: 'verdict',
    id: `rec-${i}`,
    time: T0 + i * 1_000,
    tab: { id: 7, origin },
    frame: { id: 0, origin },
    proposal: { tool: options.tool ?? 'click', target: `#btn-${i}`, claims: { label: 'Pay' }, agent: 'pay the bill', preview: null },
    resolution: { tool: options.tool ?? 'click', provider: 'builtin', privilege: 'interact' },
    certificates: [],
    decision,
    reasons: stopped ? [reason('target_covered', undefined, 'target.unobstructed')] : [],
    approval: null,
    execution: { executed: !stopped, error: null },
    targetLabel: 'Pay',
    ...(options.crop ? { crop: { png: PNG_1X1, rect: { x: 10, y: 20, width: 80, height: 24 } } } : {}),
  };
}

export function auditChain(n: number, start: Pick<AuditRecord, 'hash' | 'seq'> | null = null): AuditRecord[] {
  const records: AuditRecord[] = [];
  let previous = start;
  for (let i = 0; i < n; i++) {
    const record = sealRecord(auditBody(i, { crop: i === 1 }), previous);
    records.push(record);
    previous = record;
  }
  return records;
}

export const toJsonLines = (records: readonly unknown[]) => records.map((r) => `${JSON.stringify(r)}\n`).join('');
