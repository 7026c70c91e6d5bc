import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ACTIONS } from '../../../src/table/intents/actions';
import type { IntentKind } from '../../../src/schema/intent';
import { exportRoom, importRoom } from '../../../src/table/roomFile';
import { RoomFileSchema } from '../../../src/schema/room';
import type { RoomFile } from '../../../src/schema/room';
import { verifyDocs, verifyRoomFile } from '../../../src/table/replay/verifyRoom';
import { GM, arenaRoom, scriptedFight, send } from './fight';
import { RULES_VERSION } from '../../../src/rules/rulesVersion';
import { secretRootsOf } from '../../../src/table/docLayout';

/** Kinds whose resolution writes no log line with an outcome (chat, drawings, a discarded result's note, handouts). */
const NO_OUTCOME: readonly IntentKind[] = [
  'chat',
  'roll',
  'draw',
  'erase-drawing',
  'clear-drawings',
  'discard-result',
  'show-handout',
];

const exported = (() => {
  let file: RoomFile | null = null;
  return (): RoomFile => {
    if (!file) {
      const docs = scriptedFight();
      file = exportRoom(docs.public, docs.secrets, 1);
    }
    return structuredClone(file);
  };
})();

describe('verified replay (docs/table/replay.md)', () => {
  it('a scripted arena fight using every action that writes an outcome verifies clean, from the docs and from its export', () => {
    const docs = scriptedFight();
    const records = secretRootsOf(docs.secrets).replay.toJSON() as Record<
      string,
      { intent: { kind: IntentKind } }
    >;
    const recorded = new Set(Object.values(records).map((r) => r.intent.kind));
    // Derived from the registry: a new action kind fails here until the script uses it.
    const kinds = Object.keys(ACTIONS) as IntentKind[];
    for (const kind of kinds)
      expect(
        recorded.has(kind),
        `${kind}: ${NO_OUTCOME.includes(kind) ? 'writes no outcome' : 'not recorded'}`,
      ).toBe(!NO_OUTCOME.includes(kind));

    const live = verifyDocs(docs.public, docs.secrets);
    expect(
      live.counts.differs,
      live.verdicts
        .filter((v) => v.kind === 'differs')
        .map((v) => v.sentence)
        .join('\n'),
    ).toBe(0);
    expect(live.counts.verified).toBeGreaterThan(30);
    expect(live.counts['gm-override']).toBeGreaterThan(5);

    const file = exportRoom(docs.public, docs.secrets, 1);
    const fromFile = verifyRoomFile(file);
    expect(fromFile.summary).toBe(live.summary);
    expect(fromFile.summary).toMatch(/^(\d+) of \1 outcomes re-derived; \d+ GM overrides$/);
  });

  it('the export carries the records whole: imported into a new room, they verify the same and export the same', () => {
    const file = exported();
    const again = { public: new Y.Doc(), secrets: new Y.Doc() };
    importRoom(again.public, again.secrets, JSON.parse(JSON.stringify(file)));
    expect(verifyDocs(again.public, again.secrets).summary).toBe(verifyRoomFile(file).summary);
    const second = exportRoom(again.public, again.secrets, 1);
    expect(second.secrets.replay).toEqual(file.secrets.replay);
    // Play goes on in the imported room: its first record is a full one, and it verifies.
    send(again, GM, { kind: 'start-combat' });
    const after = verifyDocs(again.public, again.secrets);
    expect(after.counts.differs).toBe(0);
  });

  it('editing one stored die flags exactly that entry, in a sentence', () => {
    const file = exported();
    const [id, record] = Object.entries(file.secrets.replay.records).find(
      ([, r]) => (r.intent as { abilityId?: string }).abilityId === 'shield-bash',
    )!;
    // Shield Bash: d20, then its light damage die (a d6 showing 3): now a 5.
    const damageDie = record.dice.findIndex(([sides]) => sides === 6);
    record.dice[damageDie] = [6, 5];
    const result = verifyRoomFile(RoomFileSchema.parse(file));
    const failing = result.verdicts.filter((v) => v.kind === 'differs');
    expect(failing.map((v) => v.entryId)).toEqual([id]);
    expect(failing[0]!.sentence).toMatch(
      /^Round 1, Maren \(Stalwart\)'s Shield Bash: stored (\d+) damage, re-derived (\d+)$/,
    );
    const [, stored, rederived] = /stored (\d+) damage, re-derived (\d+)/.exec(failing[0]!.sentence)!;
    expect(Number(rederived) - Number(stored)).toBe(2);
    expect(result.summary).toMatch(/^(\d+) of (\d+) outcomes re-derived; 1 differs; /);
  });

  it('a log sentence edited by hand is flagged: the words are the outcome’s (its action’s narrate)', () => {
    const file = exported();
    const [id] = Object.entries(file.secrets.replay.records).find(
      ([, r]) => (r.intent as { abilityId?: string }).abilityId === 'shield-bash',
    )!;
    let edited = 0;
    for (const entry of [...file.public.log, ...file.secrets.log])
      if (entry.id === id) {
        entry.summary = entry.summary.replace(/: (hit|miss|critical)/, ': miss, Maren stumbles');
        edited += 1;
      }
    expect(edited).toBeGreaterThan(0);
    const result = verifyRoomFile(RoomFileSchema.parse(file));
    const failing = result.verdicts.filter((v) => v.kind === 'differs');
    expect(failing.map((v) => v.entryId)).toEqual([id]);
    expect(failing[0]!.sentence).toMatch(
      /^Round 1, Maren \(Stalwart\)'s Shield Bash: its log line reads ".*Maren stumbles.*", its outcome says "Maren \(Stalwart\) uses Shield Bash on .*: (hit|critical|miss)/,
    );
  });

  it('older entries, older rules and GM overrides are named, never failures', () => {
    const file = exported();
    const records = file.secrets.replay.records;
    const ids = Object.keys(records).sort((a, b) => records[b]!.seq - records[a]!.seq);
    // An entry from before records: the newest record is gone (no record builds on it). Another
    // computed by other rules.
    ids[1] = ids[0]!;
    delete records[ids[1]];
    file.secrets.replay.records[ids[2]!]!.rules = RULES_VERSION + 1;
    const result = verifyRoomFile(RoomFileSchema.parse(file));
    const byId = new Map(result.verdicts.map((v) => [v.entryId, v]));
    expect(byId.get(ids[1]!)?.kind).toBe('older-entry');
    expect(byId.get(ids[1]!)?.sentence).toMatch(/: not verifiable \(older entry\)$/);
    expect(byId.get(ids[2]!)?.kind).toBe('older-rules');
    expect(byId.get(ids[2]!)?.sentence).toMatch(/: computed by older rules$/);
    expect(result.counts.differs).toBe(0);
    const overrides = result.verdicts.filter((v) => v.kind === 'gm-override').map((v) => v.sentence);
    expect(overrides).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /Crown Archer's Bolt: GM override \(the damage was changed from \d+ to 1 when applied\)$/,
        ),
        expect.stringMatching(/HP change: GM override \(set by hand\)$/),
        expect.stringMatching(/“GM reverts: .*”: GM override \(a change made by hand\)$/),
      ]),
    );
    expect(result.summary).toMatch(/; \d+ GM overrides; 1 computed by older rules; 1 older entry$/);
  });

  it('a room without replay records (an older export) reads as older entries', () => {
    const file = exported();
    const { replay: _gone, ...secrets } = file.secrets;
    const result = verifyRoomFile(RoomFileSchema.parse({ ...file, secrets }));
    expect(result.counts.verified + result.counts.differs).toBe(0);
    expect(result.counts['older-entry']).toBeGreaterThan(20);
  });

  it('a resolution reads the table the records rebuild: the same TableState, by the same derivation', () => {
    const docs = arenaRoom();
    send(docs, GM, { kind: 'start-combat' });
    const file = exportRoom(docs.public, docs.secrets, 1);
    expect(Object.keys(file.secrets.replay.records)).toHaveLength(1);
    expect(verifyRoomFile(file).counts.verified).toBe(1);
  });
});
