import { expect } from 'vitest';
import type { TestPage } from './browsers';
import { clicks, codes, proposeOrDeny, type useBrowser } from './suite';

type Env = ReturnType<typeof useBrowser>;

/**
 * A click on `#id` is not performed, claiming `label` (what the page would have an assistant claim)
 * and claiming nothing, with no internal error or timeout (and `code` among the reasons, where
 * given); the page's own handlers saw no click.
 */
export async function expectClickRefused(env: Env, page: TestPage, id: string, label: string, code?: string): Promise<void> {
  for (const claims of [{ label }, undefined]) {
    const { verdict } = await proposeOrDeny(env, page, { tool: 'click', args: { target: `#${id}` }, ...(claims ? { claims } : {}) });
    const why = `#${id} ${JSON.stringify(claims)} ${JSON.stringify(verdict.reasons)}`;
    expect(verdict.executed, why).toBe(false);
    expect(codes(verdict), why).not.toContain('internal_error');
    expect(codes(verdict), why).not.toContain('timeout');
    if (code !== undefined) expect(codes(verdict), why).toContain(code);
  }
  expect(await clicks(page)).toEqual([]);
}

/** A click on `#id` claiming `label` is performed without an ask: the page's handler ran, and no other. */
export async function expectClickPerformed(env: Env, page: TestPage, id: string, label: string): Promise<void> {
  const { verdict, asked } = await proposeOrDeny(env, page, { tool: 'click', args: { target: `#${id}` }, claims: { label } });
  expect(asked, `#${id} ${JSON.stringify(verdict.reasons)}`).toBe(false);
  expect(verdict, `#${id} ${JSON.stringify(verdict.reasons)}`).toMatchObject({ decision: 'allow', executed: true });
  expect(await clicks(page)).toEqual([id]);
}
