import { describe, expect, it, vi } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { OutcomeSchema } from '../../src/schema/outcome';
import { createRoom, TEST_MAP, useTestServer, waitFor } from './helpers';
import { foe, pc } from '../table/fixtures';

/**
 * An outcome is parsed where it crosses a boundary: when the server writes it, and when a page
 * reads it from its log (docs/architecture.md "Actions, previews and diffs"). Every validation
 * by the outcome union counts, however it is reached (a direct parse, or inside the log entry's
 * or the answer's schema): the spy sits on the union's own validation step.
 */
describe('outcome parses per attack, over the real server and client', () => {
  // Ana's d20 18 (+2 = 20: a critical hit), then her damage dice.
  const server = useTestServer(fixedDice([18, 4, 5, 6, 6, 6, 6, 6]));

  it("one attack's outcome is parsed twice: by the server's write and by the page that reads it", async () => {
    const { roomId, gmToken } = await createRoom(server.origin, {
      map: TEST_MAP,
      party: { schemaVersion: 1, kind: 'party', name: 'P', characters: [pc('Ana')] },
      encounter: {
        schemaVersion: 1,
        kind: 'encounter',
        name: 'Husk fight',
        map: 'test.json',
        chapter: 1,
        foes: [{ id: 'husk', statBlock: foe('Hollow Husk'), cell: { x: 1, y: 1 }, hidden: false }],
        partyStarts: [{ x: 0, y: 1 }],
      },
    });
    // The GM's page: it reads the whole outcome (a player reads a redacted twin here, as the
    // room keeps foes' HP from players by default: docs/table/hidden-information.md).
    const page = await server.table(roomId, gmToken);
    await page.whenSynced;
    const logged = () => page.snapshot().log.some((e) => e.outcome?.kind === 'attack');
    expect(page.snapshot().tokensById['husk']).toBeDefined();

    const runs = vi.spyOn(OutcomeSchema._zod, 'run');
    try {
      const answer = await page.sendIntent({
        kind: 'attack',
        attackerId: 'ana',
        targetId: 'husk',
        abilityId: 'basic-melee',
      });
      expect(answer.ok).toBe(true);
      await waitFor(logged, "the attack in the page's log");
      // Reading the table again (every panel does) parses nothing new.
      page.snapshot();
      expect(runs).toHaveBeenCalledTimes(2);
    } finally {
      runs.mockRestore();
    }
  });
});
