import type { z } from 'zod';
import { type Reason, reason } from '../contracts';
import type { SchemaIssue } from './json-schema';

/** Maps zod issues to H2/H3 codes; every issue is named. */
export function fromZodIssues(issues: z.core.$ZodIssue[], input: Record<string, unknown>, part: 'args' | 'claims'): Reason[] {
  return issues.map((issue): Reason => {
    const path = [part, ...issue.path.map(String)].join('.');
    if (issue.code === 'unrecognized_keys') {
      const code = part === 'claims' ? 'unknown_claim' : 'unknown_param';
      const noun = part === 'claims' ? 'claim' : 'argument';
      return reason(code, `Undeclared ${noun} ${issue.keys.map((k) => `"${k.slice(0, 64)}"`).join(', ')}.`);
    }
    const key = issue.path[0];
    // zod reports a missing enum member as invalid_value, a missing string as invalid_type: both are absent keys.
    if (issue.path.length === 1 && typeof key === 'string' && !Object.hasOwn(input, key)) {
      return reason('missing_param', `${path} is required.`);
    }
    return reason('type_mismatch', `${path}: ${issue.message}`);
  });
}

export function fromSchemaIssues(issues: SchemaIssue[]): Reason[] {
  return issues.slice(0, 10).map((issue) => {
    const code = issue.kind === 'unknown' ? 'unknown_param' : issue.kind === 'missing' ? 'missing_param' : 'type_mismatch';
    return reason(code, issue.message.slice(0, 300));
  });
}
