import browser from 'webextension-polyfill';
import { z } from 'zod';
import { canonicalJson } from '../../core/util/canonical-json';
import { sha256Hex } from '../../core/util/sha256';
import { serially } from '../serial';

/**
 * Transaction-bound approvals: "this same action on this site for N minutes" matches the tool,
 * the certified target (its digest), the frame's origin and every argument value — never a
 * broader class of actions.
 */
const APPROVALS = 'approvals.v1';
export const MAX_STANDING_MINUTES = 60;

export function transactionKey(parts: {
  tool: string;
  targetDigest: string;
  origin: string | null;
  args: Record<string, unknown>;
}): string {
  return sha256Hex(canonicalJson(parts));
}

const StandingSchema = z.array(z.strictObject({ key: z.string().regex(/^[0-9a-f]{64}$/u), expiresAt: z.number().finite() })).max(1_000);
type Standing = z.infer<typeof StandingSchema>[number];

/**
 * The standing approvals still in force, validated as read: a stored list of the wrong shape is
 * no approval at all (fail closed), and no entry counts beyond the longest approval one can give.
 */
async function read(): Promise<Standing[]> {
  const parsed = StandingSchema.safeParse((await browser.storage.session.get(APPROVALS))[APPROVALS] ?? []);
  if (!parsed.success) return [];
  const now = Date.now();
  return parsed.data.filter((s) => s.expiresAt > now && s.expiresAt <= now + MAX_STANDING_MINUTES * 60_000);
}

export async function hasStandingApproval(key: string): Promise<boolean> {
  return (await read()).some((s) => s.key === key);
}

export function grantStandingApproval(key: string, minutes: number): Promise<void> {
  const bounded = Math.min(Math.max(1, Math.round(minutes)), MAX_STANDING_MINUTES);
  return serially(APPROVALS, async () => {
    const kept = (await read()).filter((s) => s.key !== key);
    await browser.storage.session.set({ [APPROVALS]: [...kept, { key, expiresAt: Date.now() + bounded * 60_000 }] });
  });
}
