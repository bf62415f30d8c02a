import { migration0001 } from './0001-unversioned-to-v1';

/**
 * Numbered storage migrations, oldest first: each turns JSON of version `from` into JSON of version
 * `to`. They see plain JSON and import nothing from the live code, so they never change meaning
 * when the live schema does. Add a file, append it here, and bump POLICY_VERSION.
 */
export type PolicyMigration = {
  readonly id: string;
  readonly from: number;
  readonly to: number;
  up(input: Record<string, unknown>): Record<string, unknown>;
};

export const MIGRATIONS: readonly PolicyMigration[] = [migration0001];
