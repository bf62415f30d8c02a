import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { backgroundCommand, verdict } from '../../src/content/checks/commands';
import { frameRequest } from '../../src/content/checks/frame-request';
import { pageRequest } from '../../src/content/checks/page-request';
import { REASONS, VerdictSchema } from '../../src/core/contracts';
import { REASON_CODE_LIST } from '../../src/core/contracts/reason-codes';
import {
  ExecuteCommandSchema,
  PerformedQuerySchema,
  RunToolCommandSchema,
  SettleCommandSchema,
} from '../../src/messages/background-content';
import { FrameRequestSchema } from '../../src/messages/frame-chain';
import { PageRequestSchema } from '../../src/messages/page-bridge';

/**
 * The frames check what they receive by hand (src/content/checks/, issue 13 §1). Each check must
 * accept nothing its zod schema refuses, and everything it accepts of well-formed messages.
 */
const NONCE = 'a'.repeat(32);
const CHECK_TYPE = `warrant-check-${'0'.repeat(32)}`;

const value = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('x'.repeat(65), 'x'.repeat(301), 'x'.repeat(2_001), NONCE, CHECK_TYPE, 'warrant-check-zz'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant([]),
  fc.constant({ x: 1, y: 2, width: 3, height: 4 }),
  fc.constant({ width: 3, height: -4 }),
);

/** Messages built around each kind: the right keys with wrong values, extra keys, missing keys. */
function around(kinds: string[], discriminator: string, keys: string[]) {
  return fc
    .tuple(fc.constantFrom(...kinds, 'other'), fc.dictionary(fc.constantFrom(...keys, 'extra'), value, { maxKeys: keys.length + 1 }))
    .map(([kind, rest]) => ({ ...rest, [discriminator]: kind }));
}

function sameAsSchema(schema: z.ZodType, check: (value: unknown) => unknown, examples: unknown[], generated: fc.Arbitrary<unknown>) {
  for (const example of examples) expect(check(example) !== null, JSON.stringify(example)).toBe(schema.safeParse(example).success);
  fc.assert(
    fc.property(generated, (message) => {
      // Never more lenient than the background's schema.
      if (check(message) !== null) expect(schema.safeParse(message).success, JSON.stringify(message)).toBe(true);
    }),
    { numRuns: 4_000 },
  );
}

describe('frame checks: no looser than the schemas', () => {
  it('page API → bridge', () => {
    const examples = [
      { kind: 'propose', id: '1', json: '{}' },
      { kind: 'propose', id: 'x'.repeat(65), json: '{}' },
      { kind: 'malformed', id: '1', problem: 'bad' },
      { kind: 'withheld', id: '1', problem: 'x'.repeat(301) },
      { kind: 'allowed', id: 'allow-1' },
      { kind: 'tools', id: '2' },
      { kind: 'register-tool', id: '3', json: '{}' },
      { kind: 'unregister-tool', id: '4', name: 'refund' },
      { kind: 'agent-check', type: CHECK_TYPE },
      { kind: 'agent-check', type: 'warrant-check-1' },
      { kind: 'observed', json: '{}' },
      { kind: 'tool-result', runId: 'r', ok: true, json: '1' },
      { kind: 'tool-result', runId: 'r', ok: false, error: 'no' },
      { kind: 'tool-result', runId: 'r', ok: 'yes' },
      { kind: 'propose', id: '1', json: '{}', extra: true },
      { kind: 'nothing' },
      null,
      'propose',
    ];
    const kinds = [
      'propose',
      'malformed',
      'withheld',
      'allowed',
      'tools',
      'register-tool',
      'unregister-tool',
      'agent-check',
      'observed',
      'tool-result',
    ];
    const keys = ['id', 'json', 'problem', 'name', 'type', 'runId', 'ok', 'error'];
    sameAsSchema(PageRequestSchema, pageRequest, examples, around(kinds, 'kind', keys));
  });

  it('background → frame: execute, run a tool, settle', () => {
    const anyCommand = {
      safeParse: (message: unknown) => ({
        success: [ExecuteCommandSchema, RunToolCommandSchema, SettleCommandSchema, PerformedQuerySchema].some(
          (schema) => schema.safeParse(message).success,
        ),
      }),
    } as unknown as z.ZodType;
    const execute = (action: unknown) => ({ kind: 'execute', requestId: 'r-1', digest: 'd', action });
    const examples = [
      execute({ tool: 'click' }),
      execute({ tool: 'type', text: 'Ada', replace: false }),
      execute({ tool: 'type', text: 'Ada' }),
      execute({ tool: 'select', option: 'FR' }),
      execute({ tool: 'scroll', direction: 'down', amount: 10 }),
      execute({ tool: 'scroll', direction: 'down', amount: Number.NaN }),
      execute({ tool: 'navigate', url: 'https://a.example/' }),
      execute({ tool: 'jump' }),
      { kind: 'execute', requestId: '', digest: 'd', action: { tool: 'click' } },
      { kind: 'run-tool', requestId: 'r-2', name: 'refund', digest: 'd', args: { id: 1 } },
      { kind: 'run-tool', requestId: 'r-2', name: 'refund', digest: 'd', args: [] },
      { kind: 'settle' },
      { kind: 'settle', now: true },
      { kind: 'settle', watch: 'r-4' },
      { kind: 'settle', watch: '' },
      { kind: 'settle', watch: 7 },
      { kind: 'execute', requestId: 'r-5', digest: 'd', action: { tool: 'click' }, watched: true },
      { kind: 'execute', requestId: 'r-5', digest: 'd', action: { tool: 'click' }, watched: false },
      { kind: 'performed?', requestId: 'r-3' },
      { kind: 'performed?', requestId: '' },
      { kind: 'performed?', requestId: 'r'.repeat(65) },
      { kind: 'performed?' },
    ];
    const actions = around(['click', 'type', 'select', 'submit', 'read', 'scroll', 'navigate'], 'tool', [
      'text',
      'replace',
      'option',
      'direction',
      'amount',
      'url',
    ]);
    const generated = fc.oneof(
      actions.map(execute),
      around(['execute', 'run-tool', 'settle', 'performed?'], 'kind', [
        'requestId',
        'digest',
        'name',
        'args',
        'action',
        'watch',
        'watched',
      ]),
    );
    sameAsSchema(anyCommand, backgroundCommand, examples, generated);
  });

  it('background → frame: the verdict handed to the page', () => {
    const examples = [
      { id: 'r', decision: 'allow', executed: true, reasons: [] },
      {
        id: 'r',
        decision: 'block',
        executed: false,
        reasons: [{ code: 'target_covered', message: 'covered', predicate: 'target.unobstructed' }],
      },
      { id: 'r', decision: 'ask', approved: true, executed: true, reasons: [], result: { text: 'x' } },
      { id: 'r', decision: 'maybe', executed: false, reasons: [] },
      { id: 'r', decision: 'allow', executed: false, reasons: [{ code: 'timeout' }] },
      { id: 'r', decision: 'allow', executed: false },
      { id: 'r', decision: 'block', executed: false, reasons: [{ code: 'made_up', message: 'x' }] },
    ];
    expect(REASON_CODE_LIST).toEqual(Object.keys(REASONS));
    const reason = fc.record({ code: fc.constantFrom('timeout', 'target_covered', 'made_up'), message: fc.string({ maxLength: 4 }) });
    const generated = fc.record(
      {
        id: value,
        decision: fc.constantFrom('allow', 'ask', 'block', 'reject', 'maybe'),
        executed: value,
        approved: value,
        reasons: fc.array(reason, { maxLength: 2 }),
      },
      { requiredKeys: ['decision', 'reasons'] },
    );
    sameAsSchema(VerdictSchema, verdict, examples, generated);
  });

  it('background → an ancestor frame: the frame chain', () => {
    const examples = [
      { kind: 'frame:expect', nonce: NONCE },
      { kind: 'frame:announce', nonce: 'A'.repeat(32) },
      { kind: 'frame:certify', nonce: NONCE, rect: { x: 1, y: 2, width: 3, height: 4 }, childViewport: null },
      { kind: 'frame:certify', nonce: NONCE, rect: { x: 1, y: 2, width: 3, height: 4 }, childViewport: { width: 3, height: 4 } },
      { kind: 'frame:certify', nonce: NONCE, rect: { x: 1, y: 2, width: 3 }, childViewport: null },
      { kind: 'frame:certify', nonce: NONCE, rect: { x: 1, y: 2, width: 3, height: 4 } },
    ];
    sameAsSchema(
      FrameRequestSchema,
      frameRequest,
      examples,
      around(['frame:expect', 'frame:announce', 'frame:certify'], 'kind', ['nonce', 'rect', 'childViewport']),
    );
  });

  it("accepts another realm's plain objects (Firefox: what the page posts keeps the page's prototypes)", () => {
    const request = runInNewContext("({ kind: 'propose', id: '1', json: '{}' })");
    expect(Object.getPrototypeOf(request)).not.toBe(Object.prototype);
    expect(pageRequest(request)).toBe(request);
    expect(pageRequest(runInNewContext("({ kind: 'propose', id: '1', json: '{}', extra: 1 })"))).toBeNull();
    expect(pageRequest(runInNewContext("new (class { constructor() { this.kind = 'tools'; this.id = '1'; } })()"))).toBeNull();
  });
});
