import fs from 'node:fs';
import path from 'node:path';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { seedRoom } from '../../src/table/seedRoom';
import { readSnapshot } from '../../src/table/snapshot';
import { snapshotToScene } from '../../src/ui/snapshotToScene';
import { reachOf } from '../../src/ui/moveRules';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

/** A room seeded from the sample files exactly as the server does it, read as GM and as player. */
function seeded(): { gm: ReturnType<typeof snapshotToScene>; player: ReturnType<typeof snapshotToScene> } {
  const pub = new Y.Doc();
  const sec = new Y.Doc();
  seedRoom(pub, sec, {
    map: read('maps/arena.json'),
    encounter: read('encounters/arena-skirmish.json'),
    party: read('encounters/parties/sample-party.json'),
  });
  return { gm: snapshotToScene(readSnapshot(pub, sec)), player: snapshotToScene(readSnapshot(pub)) };
}

describe('room snapshot → scene', () => {
  it('hidden foes are in the GM scene only; the player scene has no trace of them', () => {
    const { gm, player } = seeded();
    const hidden = gm.tokens.filter((t) => t.hidden);
    expect(hidden.length).toBeGreaterThan(0);
    expect(player.tokens.some((t) => t.hidden)).toBe(false);
    const playerText = JSON.stringify(player);
    for (const t of hidden) expect(playerText).not.toContain(t.id);
  });

  it('PCs carry HP, max HP and Speed from their stat blocks, so the reach overlay works', () => {
    const { player } = seeded();
    const maren = player.tokens.find((t) => t.id === 'maren-stalwart');
    expect(maren).toMatchObject({ side: 'party', speed: 4, movementUsed: 0, hidden: false });
    expect(maren!.hp).toBe(maren!.maxHp);
    const r = reachOf(player, 'maren-stalwart')!;
    expect(r.cells.length).toBeGreaterThan(0);
    expect(Math.max(...r.cells.map((c) => c.cost))).toBeLessThanOrEqual(4);
  });
});
