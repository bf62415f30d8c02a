import type { PageRequest } from '../../messages/page-bridge';
import { anyString, boolean, literal, matches, optional, string, union } from './shape';

const id = string(64);

/** Page API → bridge (messages/page-bridge.ts's PageRequestSchema, checked by hand in the frame). */
const SHAPES = {
  propose: { kind: literal('propose'), id, json: anyString },
  malformed: { kind: literal('malformed'), id, problem: string(300) },
  withheld: { kind: literal('withheld'), id, problem: string(300) },
  allowed: { kind: literal('allowed'), id },
  tools: { kind: literal('tools'), id },
  'register-tool': { kind: literal('register-tool'), id, json: anyString },
  'unregister-tool': { kind: literal('unregister-tool'), id, name: string(128) },
  'agent-check': { kind: literal('agent-check'), type: matches(/^warrant-check-[0-9a-f]{32}$/) },
  observed: { kind: literal('observed'), json: string(2_000) },
  'tool-result': { kind: literal('tool-result'), runId: string(64), ok: boolean, json: optional(anyString), error: optional(anyString) },
};

export const pageRequest = (value: unknown): PageRequest | null => union<PageRequest>(value, 'kind', SHAPES);
