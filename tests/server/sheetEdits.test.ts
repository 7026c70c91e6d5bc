import { beforeAll, describe, expect, it } from 'vitest';
import type { CharacterSheet } from '../../src/schema/characterSheet';
import type { PlayerCharacter } from '../../src/schema/statBlock';
import { deriveStatBlock, starterSheet } from '../../src/rules/characterSheet';
import { placeToken } from '../../src/table/writers/tokenWriters';
import { setRoomSettings } from '../../src/table/writers/roomWriters';
import { readSettings } from '../../src/table/readDoc';
import { sheet, wardenAbilities, withSheet } from '../rules/sheetFixtures';
import { AbilitySchema } from '../../src/schema/ability';
import { learned, withJobAdded, withoutJob } from '../../src/ui/sheet/sheetEdits';
import { api, connectClient, createRoom, invite, useTestServer, waitFor } from './helpers';
import type { TestClient } from './helpers';

type Result = { ok: boolean; reason?: string };

/**
 * Sheet edits as intents over HTTP against the real server (docs/table.md "Character sheets"):
 * who may edit which sheet, what a player may change, and the GM's lock during combat.
 */
describe('character sheet edits over HTTP', () => {
  const server = useTestServer();
  let roomId: string;
  let gmToken: string;
  let marenToken: string;
  let gm: TestClient;
  let gmSecrets: TestClient;
  const send = (token: string, intent: unknown) =>
    api<Result>(server.origin, `/api/rooms/${roomId}/intents`, { token, body: intent });
  const storedBlock = (id: string) =>
    server.room(roomId).public.doc.getMap('statBlocks').get(id) as PlayerCharacter;
  const storedSheet = (id: string) => storedBlock(id).sheet!;
  const active = (s: CharacterSheet) => s.abilities.filter((a) => a.active).map((a) => a.ability.name);
  /** `s` with the ability called `name` switched on or off. */
  const toggled = (s: CharacterSheet, name: string, on: boolean): CharacterSheet => ({
    ...s,
    abilities: s.abilities.map((a) => (a.ability.name === name ? { ...a, active: on } : a)),
  });

  beforeAll(async () => {
    ({ roomId, gmToken } = await createRoom(server.origin));
    marenToken = await invite(server.origin, roomId, gmToken, 'Ana', ['maren']);
    gm = connectClient(server.wsUrl, roomId, gmToken);
    gmSecrets = connectClient(server.wsUrl, `${roomId}~secrets`, gmToken);
    server.keep(gm, gmSecrets);
    await Promise.all([gm.synced, gmSecrets.synced]);
    const docs = { public: gm.doc, secrets: gmSecrets.doc };
    const base = { size: 1, side: 'party' as const, combatant: true };
    const marenSheet = sheet({ level: 2 }, [...wardenAbilities(6, false), ['Guard 7', 'Warden', false]]);
    placeToken(
      docs,
      { ...base, id: 'maren', name: 'Maren', cell: { x: 0, y: 2 }, ownerIds: ['maren'] },
      { statBlock: deriveStatBlock(withSheet(marenSheet, 'Maren')) },
    );
    placeToken(
      docs,
      { ...base, id: 'brannoc', name: 'Brannoc', cell: { x: 0, y: 4 }, ownerIds: ['brannoc'] },
      { statBlock: deriveStatBlock(withSheet(sheet({}, wardenAbilities(2)), 'Brannoc')) },
    );
    const { sheet: _none, ...plain } = deriveStatBlock(withSheet(sheet({}, wardenAbilities(2)), 'Plain'));
    placeToken(
      docs,
      { ...base, id: 'plain', name: 'Plain', cell: { x: 2, y: 4 }, ownerIds: ['maren'] },
      { statBlock: plain },
    );
    await waitFor(() => server.room(roomId).public.doc.getMap('statBlocks').has('plain'), 'tokens placed');
  });

  it('lets a player switch abilities on their own sheet and re-derives the stat block', async () => {
    const s = toggled(toggled(storedSheet('maren'), 'Guard 1', true), 'Guard 2', true);
    const answer = await send(marenToken, {
      kind: 'edit-sheet',
      tokenId: 'maren',
      sheet: { ...s, notes: 'Owes Ivo 3 gold' },
    });
    expect(answer.body).toEqual({ ok: true, outcome: expect.anything() });
    expect(active(storedSheet('maren'))).toEqual(['Guard 1', 'Guard 2']);
    expect(storedSheet('maren').notes).toBe('Owes Ivo 3 gold');
    // Derived: the two active abilities and the Limit Break of the current job (level 2).
    expect(storedBlock('maren').abilities.map((a) => a.name)).toEqual(['Guard 1', 'Guard 2', 'Last Wall']);
  });

  it("refuses a player's edit of someone else's sheet and changes nothing", async () => {
    const before = JSON.stringify(storedBlock('brannoc'));
    const s = { ...storedSheet('brannoc'), notes: 'mine now' };
    const answer = await send(marenToken, { kind: 'edit-sheet', tokenId: 'brannoc', sheet: s });
    expect(answer.body).toEqual({ ok: false, reason: 'Brannoc is not your character' });
    expect(JSON.stringify(storedBlock('brannoc'))).toBe(before);
  });

  it('refuses a seventh active ability with the reason', async () => {
    let s = storedSheet('maren');
    for (const n of [3, 4, 5, 6]) s = toggled(s, `Guard ${n}`, true);
    expect((await send(marenToken, { kind: 'edit-sheet', tokenId: 'maren', sheet: s })).body.ok).toBe(true);
    const seven = toggled(storedSheet('maren'), 'Guard 7', true);
    const answer = await send(marenToken, { kind: 'edit-sheet', tokenId: 'maren', sheet: seven });
    expect(answer.body).toEqual({ ok: false, reason: 'only six active abilities: deactivate one first' });
    expect(active(storedSheet('maren'))).toHaveLength(6);
  });

  it("leaves a character's level to the GM", async () => {
    const s = storedSheet('maren');
    const answer = await send(marenToken, {
      kind: 'edit-sheet',
      tokenId: 'maren',
      sheet: { ...s, level: 9 },
    });
    expect(answer.body).toEqual({
      ok: false,
      reason: "only the GM changes Maren's level (it follows the XP the GM awards)",
    });
    const byGm = await send(gmToken, { kind: 'edit-sheet', tokenId: 'maren', sheet: { ...s, level: 3 } });
    expect(byGm.body.ok).toBe(true);
    expect(storedSheet('maren').level).toBe(3);
  });

  it('lets a player build their own character: add a job, learn an ability, refuses dropping the current job', async () => {
    const s = storedSheet('maren');
    const forge = { name: 'Forgehand', class: 'Wright', stats: s.jobs[0]!.stats, traits: [] };
    const withJob = withJobAdded(s, forge);
    const spark = AbilitySchema.parse({ name: 'Spark', cost: '1-action', description: 'A spark.' });
    const next = learned(withJob, spark, 'Forgehand');
    const answer = await send(marenToken, { kind: 'edit-sheet', tokenId: 'maren', sheet: next });
    expect(answer.body.ok).toBe(true);
    expect(storedSheet('maren').jobs.map((j) => j.name)).toContain('Forgehand');
    expect(storedSheet('maren').abilities.at(-1)).toMatchObject({ job: 'Forgehand', class: 'Wright' });
    const logged = [...server.room(roomId).public.doc.getArray<{ summary: string }>('log').toArray()];
    expect(logged.at(-1)?.summary).toBe("Maren's sheet: jobs; learned Spark");

    const now = storedSheet('maren');
    const dropped = { ...now, jobs: now.jobs.filter((j) => j.name !== now.currentJob) };
    const refused = await send(marenToken, { kind: 'edit-sheet', tokenId: 'maren', sheet: dropped });
    expect(refused.body).toEqual({
      ok: false,
      reason: 'Shieldbearer is Maren’s current job: switch to another job first',
    });
    // Back as it was, so the tests below see the sheet they expect.
    const back = withoutJob(storedSheet('maren'), 'Forgehand');
    expect((await send(marenToken, { kind: 'edit-sheet', tokenId: 'maren', sheet: back })).body.ok).toBe(
      true,
    );
  });

  it('renames the character everywhere its name shows', async () => {
    const answer = await send(marenToken, {
      kind: 'edit-sheet',
      tokenId: 'maren',
      sheet: storedSheet('maren'),
      name: 'Maren the Bold',
    });
    expect(answer.body.ok).toBe(true);
    const doc = server.room(roomId).public.doc;
    expect((doc.getMap('tokens').get('maren') as { name: string }).name).toBe('Maren the Bold');
    expect((doc.getMap('combatants').get('maren') as { name: string }).name).toBe('Maren the Bold');
    expect(storedBlock('maren').name).toBe('Maren the Bold');
  });

  it('refuses a change of current job during combat, and any player edit when the GM locks sheets', async () => {
    expect((await send(gmToken, { kind: 'start-combat' })).body.ok).toBe(true);
    const s = storedSheet('maren');
    const job = await send(marenToken, {
      kind: 'edit-sheet',
      tokenId: 'maren',
      sheet: { ...s, currentJob: 'Pathfinder' },
    });
    expect(job.body).toEqual({
      ok: false,
      reason: 'a current job is chosen for the whole expedition: change it out of combat',
    });
    // Unlocked: a player still switches abilities in combat.
    const off = await send(marenToken, {
      kind: 'edit-sheet',
      tokenId: 'maren',
      sheet: toggled(s, 'Guard 6', false),
    });
    expect(off.body.ok).toBe(true);

    const docs = { public: gm.doc, secrets: gmSecrets.doc };
    setRoomSettings(docs, { ...readSettings(gm.doc, []), lockSheetsInCombat: true });
    await waitFor(
      () => readSettings(server.room(roomId).public.doc, []).lockSheetsInCombat === true,
      'the lock at the server',
    );
    const before = JSON.stringify(storedBlock('maren'));
    const locked = await send(marenToken, {
      kind: 'edit-sheet',
      tokenId: 'maren',
      sheet: { ...storedSheet('maren'), notes: 'x' },
    });
    expect(locked.body).toEqual({ ok: false, reason: 'the GM has locked sheets during combat' });
    expect(JSON.stringify(storedBlock('maren'))).toBe(before);
    // The GM still may.
    const byGm = await send(gmToken, {
      kind: 'edit-sheet',
      tokenId: 'maren',
      sheet: { ...storedSheet('maren'), notes: 'GM' },
    });
    expect(byGm.body.ok).toBe(true);
    // Out of combat the lock no longer holds.
    expect((await send(gmToken, { kind: 'end-combat' })).body.ok).toBe(true);
    const after = await send(marenToken, {
      kind: 'edit-sheet',
      tokenId: 'maren',
      sheet: { ...storedSheet('maren'), notes: 'free' },
    });
    expect(after.body.ok).toBe(true);
  });

  it('the GM gives a character without a sheet its first one, keeping what it plays with; a player may not', async () => {
    const before = storedBlock('plain');
    const first = starterSheet(before);
    const byPlayer = await send(marenToken, { kind: 'edit-sheet', tokenId: 'plain', sheet: first });
    expect(byPlayer.body).toEqual({ ok: false, reason: 'Plain has no sheet yet: the GM gives it one' });
    const byGm = await send(gmToken, { kind: 'edit-sheet', tokenId: 'plain', sheet: first });
    expect(byGm.body.ok).toBe(true);
    const { sheet: given, ...after } = storedBlock('plain');
    expect(given?.jobs.map((j) => j.name)).toEqual(['Starting job']);
    expect(after).toEqual(before);
  });
});
