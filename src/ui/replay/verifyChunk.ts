import type { TableDocs } from '../../table/docLayout';
import type { Verification } from '../../table/replay/verifyLog';
import { verifyDocs } from '../../table/replay/verifyRoom';

/**
 * "Verify this fight" (docs/table/replay.md): loaded the first time the GM presses it
 * (src/ui/lazy/chunks.ts), so a player never downloads the verifier. Runs on the docs the GM's
 * page holds; the secrets doc carries the replay records.
 */
export function verifyFight(docs: TableDocs): Verification | { problem: string } {
  if (!docs.secrets) return { problem: 'Only the GM holds what the log was computed from.' };
  return verifyDocs(docs.public, docs.secrets);
}
