import * as Y from 'yjs';
import type { TableDocs } from '../../table/docLayout';

/** What the page sends the verifier: both docs as Yjs updates. */
export interface VerifyRequest {
  readonly public: Uint8Array;
  readonly secrets: Uint8Array;
}

/** Its answer: the summary and each differing entry's sentence, or why it could not run. */
export type VerifyAnswer =
  { readonly summary: string; readonly differing: readonly string[] } | { readonly problem: string };

/**
 * "Verify this fight" (docs/table/replay.md): loaded the first time the GM presses it
 * (src/ui/lazy/chunks.ts). Runs the verifier in a worker (./verifyWorker.ts, a bundle of its own)
 * on the docs the GM's page holds; the secrets doc carries the replay records.
 */
export function verifyFight(docs: TableDocs): Promise<VerifyAnswer> {
  const secrets = docs.secrets;
  if (!secrets) return Promise.resolve({ problem: 'Only the GM holds what the log was computed from.' });
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./verifyWorker.ts', import.meta.url), { type: 'module' });
    const done = (answer: VerifyAnswer) => {
      worker.terminate();
      resolve(answer);
    };
    worker.onmessage = (event: MessageEvent<VerifyAnswer>) => done(event.data);
    worker.onerror = () =>
      done({ problem: 'The verifier could not be started: check your connection, then try again.' });
    const request: VerifyRequest = {
      public: Y.encodeStateAsUpdate(docs.public),
      secrets: Y.encodeStateAsUpdate(secrets),
    };
    worker.postMessage(request);
  });
}
