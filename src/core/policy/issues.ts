import type { z } from 'zod';

/** One validation problem, located in the policy JSON so the options page can point at it. */
export type PolicyIssue = { path: string; message: string };
export type PolicySource = 'stored' | 'managed' | 'storage';
export type SourcedPolicyIssue = PolicyIssue & { source: PolicySource };

/** `sites["bank.example"].privileges.commit`: keys that are not identifiers (domains) are quoted. */
export function formatPolicyPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(String(key))) out += out === '' ? String(key) : `.${String(key)}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out === '' ? '(policy)' : out;
}

export function policyIssues(error: z.ZodError, prefix: readonly PropertyKey[] = []): PolicyIssue[] {
  return error.issues.map((issue) => ({ path: formatPolicyPath([...prefix, ...issue.path]), message: issue.message }));
}
