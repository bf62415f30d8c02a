import { describe, expect, it } from 'vitest';
import {
  type Certificate,
  CertificateSchema,
  REASON_CODES,
  REASONS,
  ReasonCodeSchema,
  ReasonSchema,
  reason,
  VerdictSchema,
} from '../../src/core';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('VerdictSchema', () => {
  const verdict = { id: 'rec-1', decision: 'allow', executed: true, reasons: [] };

  it('accepts a minimal verdict and one with approval, reasons and a result', () => {
    expect(ok(VerdictSchema, verdict)).toBe(true);
    const asked = {
      ...verdict,
      decision: 'ask',
      approved: false,
      executed: false,
      reasons: [reason('requires_approval')],
      result: { any: 1 },
    };
    expect(ok(VerdictSchema, asked)).toBe(true);
  });

  it.each([
    ['an unknown decision', { ...verdict, decision: 'maybe' }],
    ['an unknown key', { ...verdict, extra: true }],
    ['a missing executed flag', { id: 'x', decision: 'allow', reasons: [] }],
    ['a non-boolean approval', { ...verdict, approved: 'yes' }],
    ['a reason with an unknown code', { ...verdict, reasons: [{ code: 'because', message: 'm' }] }],
  ])('rejects %s', (_name, value) => {
    expect(ok(VerdictSchema, value)).toBe(false);
  });
});

describe('CertificateSchema', () => {
  const certificate: Certificate = {
    id: 'c1',
    type: 'hit_test',
    value: { points: 5, onTarget: 5, coveredBy: null },
    region: { frame: 'f0', selector: '#pay', rect: { x: 0, y: 0, width: 10, height: 10 } },
    source: 'dom',
    verifier: 'dom-hit_test@1',
    confidence: 1,
    time: 1,
    trust: 'extension',
  };

  it('accepts a valid certificate, with and without optional region parts', () => {
    expect(ok(CertificateSchema, certificate)).toBe(true);
    expect(ok(CertificateSchema, { ...certificate, region: { frame: 'f0' } })).toBe(true);
  });

  it.each<[string, unknown]>([
    ['an unknown key', { ...certificate, note: 'x' }],
    ['an unknown region key', { ...certificate, region: { frame: 'f0', page: 1 } }],
    ['an unknown type', { ...certificate, type: 'vibes' }],
    ['an unknown source', { ...certificate, source: 'llm' }],
    ['an unknown trust', { ...certificate, trust: 'agent' }],
    ['a confidence above 1', { ...certificate, confidence: 1.5 }],
    ['a negative confidence', { ...certificate, confidence: -0.1 }],
    ['a verifier without a version', { ...certificate, verifier: 'dom' }],
    ['a verifier with upper case', { ...certificate, verifier: 'DOM@1' }],
    ['an empty id', { ...certificate, id: '' }],
    ['an id longer than 64', { ...certificate, id: 'x'.repeat(65) }],
    ['a rect with a string coordinate', { ...certificate, region: { frame: 'f0', rect: { x: '0', y: 0, width: 1, height: 1 } } }],
    ['a missing region', { ...certificate, region: undefined }],
  ])('rejects %s', (_name, value) => {
    expect(ok(CertificateSchema, value)).toBe(false);
  });
});

describe('ReasonSchema and the reason codes', () => {
  it('accepts a reason with and without a predicate', () => {
    expect(ok(ReasonSchema, { code: 'label_mismatch', message: 'm' })).toBe(true);
    expect(ok(ReasonSchema, { code: 'label_mismatch', predicate: 'target.label', message: 'm' })).toBe(true);
  });

  it.each<[string, unknown]>([
    ['an unknown code', { code: 'nope', message: 'm' }],
    ['an unknown key', { code: 'timeout', message: 'm', detail: 1 }],
    ['a missing message', { code: 'timeout' }],
    ['a predicate longer than 64', { code: 'timeout', message: 'm', predicate: 'p'.repeat(65) }],
    ['a message longer than 1,000', { code: 'timeout', message: 'm'.repeat(1_001) }],
  ])('rejects %s', (_name, value) => {
    expect(ok(ReasonSchema, value)).toBe(false);
  });

  it('is the documented closed list', () => {
    expect([...REASON_CODES].sort()).toEqual(
      [
        'malformed_proposal',
        'payload_too_large',
        'not_replayable',
        'unknown_tool',
        'unknown_param',
        'missing_param',
        'type_mismatch',
        'unknown_claim',
        'no_provider',
        'ambiguous_provider',
        'shadowed_tool',
        'stale_definition',
        'signature_mismatch',
        'invalid_selector',
        'target_not_found',
        'target_ambiguous',
        'target_detached',
        'target_hidden',
        'target_covered',
        'target_disabled',
        'label_mismatch',
        'pixel_mismatch',
        'ax_mismatch',
        'target_not_editable',
        'option_not_found',
        'option_ambiguous',
        'no_form',
        'value_mismatch',
        'origin_mismatch',
        'destination_mismatch',
        'form_mismatch',
        'lookalike_domain',
        'offsite_redirect',
        'evidence_missing',
        'evidence_untrusted',
        'evidence_expired',
        'low_confidence',
        'requires_approval',
        'not_approved',
        'stale_evidence',
        'execution_failed',
        'over_budget',
        'timeout',
        'not_connected',
        'internal_error',
      ].sort(),
    );
    expect(ReasonCodeSchema.options).toEqual(REASON_CODES);
  });

  it('gives every code a non-empty description that fits in a reason message', () => {
    for (const code of REASON_CODES) {
      expect(REASONS[code].trim().length, code).toBeGreaterThan(0);
      expect(ok(ReasonSchema, reason(code)), code).toBe(true);
    }
  });

  it('reason() uses the default description, and keeps a given message and predicate', () => {
    expect(reason('timeout')).toEqual({ code: 'timeout', message: REASONS.timeout });
    expect(reason('timeout')).not.toHaveProperty('predicate');
    expect(reason('label_mismatch', 'shown "X"', 'target.label')).toEqual({
      code: 'label_mismatch',
      message: 'shown "X"',
      predicate: 'target.label',
    });
  });
});
