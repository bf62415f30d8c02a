import type { TestBrowser } from './browsers';
import type { FixtureServer } from './server';

/** A describe block's browser and fixture server (suite.ts). */
export type Launched = { server: FixtureServer; browser: TestBrowser };

type Spare = {
  ready: Promise<Launched>;
  readyAt: number | null;
  expiry: ReturnType<typeof setTimeout> | null;
  /** Taken by a block: its expiry must never start (it would close the block's browser). */
  taken: boolean;
};

/**
 * A Chromium launched with the default options while a test file's last block closes, for the
 * next file's first block to take instead of launching its own: about 1.3 s (the launch, the
 * extension's worker starting, the fixture server) that every file otherwise paid before its first
 * test, one file after another. startsAhead (suite.ts) already overlaps the launches within a file;
 * this overlaps them across files, which run one after another in one process (the browser
 * project's `isolate: false`). Most files start with a plain Chromium block (`for (const name of
 * BROWSERS)`); a file whose first block is Firefox or has options closes the spare and launches its
 * own, as before.
 *
 * A spare is taken only while it is fresh: Chromium stops an extension worker idle for 30 s, and
 * a block must start from the browser a fresh launch gives it, so one launched more than
 * FRESH_FOR_MS ago is closed instead (and closed by a timer if nobody asks for it: the next file
 * had no test to run). The spare starts only after the closing file's own afterAll hooks that
 * were registered after its last useBrowser have run (vitest runs a block's afterAll hooks last
 * registered first): a file that changes the machine for its browser (managed-policy.test.ts's
 * policy file) undoes that before the browser it launched closes.
 */
const FRESH_FOR_MS = 20_000;

let spare: Spare | null = null;

function discard(old: Spare): void {
  if (old.expiry !== null) clearTimeout(old.expiry);
  void old.ready.then(
    async ({ browser, server }) => {
      await browser.close().catch(() => undefined);
      await server.close().catch(() => undefined);
    },
    () => undefined,
  );
}

/** Starts a spare (closing any earlier one) for the next file's first plain Chromium block. */
export function offerSpare(launch: () => Promise<Launched>): void {
  if (spare !== null) discard(spare);
  const offered: Spare = { ready: launch(), readyAt: null, expiry: null, taken: false };
  spare = offered;
  offered.ready.then(
    () => {
      offered.readyAt = Date.now();
      // Taken while it was still launching: the expiry below would close the taker's browser 20 s
      // into its tests (it did, once in a full run: frame-chain.test.ts's Chromium block lost its
      // browser mid-file, "Target page, context or browser has been closed").
      if (offered.taken) return;
      offered.expiry = setTimeout(() => {
        if (spare === offered) spare = null;
        discard(offered);
      }, FRESH_FOR_MS);
      // Never what keeps the test process alive.
      offered.expiry.unref();
    },
    () => {
      if (spare === offered) spare = null;
    },
  );
}

/**
 * The spare, for a block launching a plain Chromium (`wanted`), when there is a fresh one; null
 * otherwise, and any spare there was is closed (it matches no block that runs next). A spare that
 * failed to launch falls back to `launch`.
 */
export function takeSpare(wanted: boolean, launch: () => Promise<Launched>): Promise<Launched> | null {
  const offered = spare;
  spare = null;
  if (offered === null) return null;
  const fresh = offered.readyAt === null || Date.now() - offered.readyAt < FRESH_FOR_MS;
  if (!wanted || !fresh) {
    discard(offered);
    return null;
  }
  offered.taken = true;
  if (offered.expiry !== null) clearTimeout(offered.expiry);
  return offered.ready.catch(launch);
}

/** Closes the spare, if any (nothing will take it). */
export function releaseSpare(): void {
  if (spare !== null) discard(spare);
  spare = null;
}

/** Whether a file runs after `filepath` in this test process (vitest's worker state; false when unknown). */
export function filesAfter(filepath: string): boolean {
  const state = (globalThis as { __vitest_worker__?: { ctx?: { files?: ({ filepath: string } | string)[] } } }).__vitest_worker__;
  const files = (state?.ctx?.files ?? []).map((file) => (typeof file === 'string' ? file : file.filepath));
  const index = files.indexOf(filepath);
  return index !== -1 && index < files.length - 1;
}
