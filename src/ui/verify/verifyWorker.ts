import * as Y from 'yjs';
import { verifyDocs } from '../../table/replay/verifyRoom';
import type { VerifyAnswer, VerifyRequest } from './verifyChunk';

/*
 * The verifier's own thread (docs/table/replay.md): a worker is bundled on its own, so the intent
 * handlers and rules it runs again never join the page's entry chunk (the bundler would otherwise
 * put every rules function the verifier uses into the chunk every player downloads), and a long
 * fight's verification never freezes the GM's page.
 */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<VerifyRequest>) => void) | null;
  postMessage(message: VerifyAnswer): void;
};

scope.onmessage = (event) => {
  try {
    const publicDoc = new Y.Doc();
    const secretsDoc = new Y.Doc();
    Y.applyUpdate(publicDoc, event.data.public);
    Y.applyUpdate(secretsDoc, event.data.secrets);
    const result = verifyDocs(publicDoc, secretsDoc);
    scope.postMessage({
      summary: result.summary,
      differing: result.verdicts.filter((v) => v.kind === 'differs').map((v) => v.sentence),
    });
  } catch (error) {
    scope.postMessage({
      problem: `The verification stopped: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
};
