import { useState } from 'preact/hooks';
import type { CombatHost } from '../combat/CombatHost';
import { verifyFight } from './verifyChunk';

type Shown =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'done'; summary: string; differing: readonly string[] }
  | { state: 'failed'; text: string };

/**
 * The GM's "Verify this fight" (docs/table/replay.md): re-derives every outcome in the log from
 * what it was computed from and says how many match, naming each entry that differs in a
 * sentence. This button is a lazily loaded chunk of the GM's page (src/ui/lazy/chunks.ts), the
 * verifier a worker started on the first press (./verifyChunk.ts): players download neither
 * (their host has no `gm`).
 */
export function VerifyFightButton({ gm }: { gm: NonNullable<CombatHost['gm']> }) {
  const [shown, setShown] = useState<Shown>({ state: 'idle' });
  const run = async (): Promise<void> => {
    setShown({ state: 'running' });
    try {
      const result = await verifyFight(gm.docs());
      if ('problem' in result) return setShown({ state: 'failed', text: result.problem });
      setShown({ state: 'done', summary: result.summary, differing: result.differing });
    } catch {
      setShown({ state: 'failed', text: 'The verifier could not be loaded.' });
    }
  };
  return (
    <div class="verify-fight">
      <button data-testid="verify-fight" disabled={shown.state === 'running'} onClick={() => void run()}>
        Verify this fight
      </button>
      {shown.state !== 'idle' && (
        <div class="verify-result" role="status" data-testid="verify-result">
          {shown.state === 'running' && <p>Verifying…</p>}
          {shown.state === 'failed' && <p>{shown.text}</p>}
          {shown.state === 'done' && (
            <>
              <p class={shown.differing.length ? 'verify-differs' : 'verify-clean'}>{shown.summary}</p>
              {shown.differing.length > 0 && (
                <ul data-testid="verify-differing">
                  {shown.differing.map((sentence, i) => (
                    <li key={i}>{sentence}</li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
