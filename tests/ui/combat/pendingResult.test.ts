import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../../src/lib/dice';
import { applyIntent } from '../../../src/table/applyIntent';
import type { Actor } from '../../../src/table/applyIntent';
import type { TableDocs } from '../../../src/table/docLayout';
import { setRoomSettings } from '../../../src/table/writers/roomWriters';
import { applicationOf } from '../../../src/ui/combat/applicationHistory';
import { revertApplication } from '../../../src/ui/combat/gmCombatWrites';
import { applyingEntryOf, pendingResultView } from '../../../src/ui/combat/pendingResultView';
import { latestResolution } from '../../../src/ui/combat/latestResolution';
import { logMarkdown } from '../../../src/ui/combat/logMarkdown';
import { combatRoom, snapshotOf } from './combatRoom';

const GM: Actor = { role: 'gm' };
const RANGER: Actor = { role: 'player', characterIds: ['ranger'] };
const GM_VIEW = { role: 'gm', characterIds: [] } as const;
const RANGER_VIEW = { role: 'player', characterIds: ['ranger'] } as const;
const SAGE_VIEW = { role: 'player', characterIds: ['sage'] } as const;
const SHOT = { kind: 'attack', attackerId: 'ranger', targetId: 'brute', abilityId: 'basic-ranged' };

function send(docs: TableDocs, actor: Actor, intent: unknown, dice: number[] = []) {
  const result = applyIntent(docs, actor, intent, fixedDice(dice), { now: 1_700_000_000_000 });
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

/** The combat room with `applyResults: 'on-confirm'` and the Ranger's shot at the Brute rolled. */
function rolled() {
  const docs = combatRoom();
  setRoomSettings(docs, { ...snapshotOf(docs).settings, applyResults: 'on-confirm' });
  // d20 12 + 3 + boon 2 = 17 vs 10: hit; heavy 5 + 4 + 3 = 12, armor 1 → 11, cover → 6.
  send(docs, RANGER, SHOT, [12, 2, 5, 4]);
  return docs;
}

describe('result panel: a roll waiting for Apply', () => {
  it('every screen sees it waiting; Apply for the GM and the Ranger’s player, override and Discard for the GM', () => {
    const snap = snapshotOf(rolled());
    const entry = latestResolution(snap.log)!;
    expect(snap.tokensById['brute']!.state!.hp).toBe(32);
    expect(pendingResultView(entry, snap, GM_VIEW)).toEqual({
      status: 'pending',
      text: 'Waiting for Apply — the dice are final; nothing has changed yet',
      changes: ['Brute: hp 32 → 26'],
      canApply: true,
      override: { tokenId: 'brute', amount: 12 },
      canDiscard: true,
    });
    expect(pendingResultView(entry, snap, RANGER_VIEW)).toMatchObject({
      canApply: true,
      override: null,
      canDiscard: false,
    });
    expect(pendingResultView(entry, snap, SAGE_VIEW)).toMatchObject({
      text: "Waiting for Apply — the dice are final; nothing has changed yet (Ranger's player or the GM applies it)",
      canApply: false,
      override: null,
      canDiscard: false,
    });
    // The exported log marks the roll as waiting.
    expect(logMarkdown(snap.log, { title: 'Fight' })).toContain(
      'Ranger uses basic-attack on Brute: hit _(waiting for Apply)_',
    );
  });

  it('after the GM overrides 12 with 20 the panel says who and both numbers; undo takes it back', () => {
    const docs = rolled();
    const entryId = latestResolution(snapshotOf(docs).log)!.id;
    // 20 − armor 1 = 19, halved for cover → 10.
    send(docs, GM, { kind: 'apply-result', logId: entryId, damageOverride: 20 });
    const after = snapshotOf(docs);
    expect(after.tokensById['brute']!.state!.hp).toBe(22);
    const entry = after.log.find((e) => e.id === entryId)!;
    expect(latestResolution(after.log)!.id).toBe(entryId);
    expect(pendingResultView(entry, after, RANGER_VIEW)).toEqual({
      status: 'applied',
      text: 'Applied by GM (damage 12 changed to 20 by GM)',
      changes: ['Brute: hp 32 → 26'],
      canApply: false,
      override: null,
      canDiscard: false,
    });
    // "Undo this application" finds the Apply entry's change and restores 32.
    const applying = applyingEntryOf(after.log, entryId)!;
    const app = applicationOf(applying);
    expect(app).toMatchObject({
      entryId: applying.id,
      diff: { tokens: [{ tokenId: 'brute', state: { before: { hp: 32 }, after: { hp: 22 } } }] },
    });
    revertApplication(docs, app!);
    expect(snapshotOf(docs).tokensById['brute']!.state!.hp).toBe(32);
  });

  it('a discarded result shows who discarded it and offers nothing', () => {
    const docs = rolled();
    const entryId = latestResolution(snapshotOf(docs).log)!.id;
    send(docs, GM, { kind: 'discard-result', logId: entryId });
    const snap = snapshotOf(docs);
    const entry = snap.log.find((e) => e.id === entryId)!;
    expect(pendingResultView(entry, snap, GM_VIEW)).toMatchObject({
      status: 'discarded',
      text: 'Discarded by GM: nothing changed',
      canApply: false,
      canDiscard: false,
    });
  });
});
