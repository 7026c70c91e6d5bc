import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StatBlock } from '../../src/schema/statBlock';
import { placeToken } from '../../src/table/writers/tokenWriters';
import {
  api,
  connectClient,
  createRoom,
  invite,
  RawClient,
  SAMPLE_CHARACTERS,
  TEST_MAP,
  useTestServer,
  waitFor,
} from './helpers';
import type { TestClient } from './helpers';

type Result = { ok: boolean; reason?: string };

/** A small WebP of one colour: what the crop dialog uploads (256×256 in the browser). */
function portraitBytes(rgb: [number, number, number]): Promise<Buffer> {
  const [r, g, b] = rgb;
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } })
    .webp()
    .toBuffer();
}

/** Uploads a portrait through the asset API (docs/server.md "Images"); its content hash. */
async function upload(origin: string, roomId: string, token: string, bytes: Buffer): Promise<string> {
  const response = await fetch(`${origin}/api/rooms/${roomId}/assets?purpose=portrait`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  const body = (await response.json()) as { hash?: string; reason?: string };
  if (response.status !== 200 || !body.hash)
    throw new Error(`upload failed: ${response.status} ${body.reason}`);
  return body.hash;
}

const FOE: StatBlock = {
  kind: 'foe',
  schemaVersion: 1,
  name: 'Ogre',
  health: 10,
  defense: 8,
  armor: 0,
  speed: 4,
  attackBonus: 2,
  frayDamage: 2,
  damageDie: 6,
  resistances: [],
  abilities: [],
  traits: [],
  size: 1,
  template: 'normal',
};

/**
 * Portraits (issue 14 "Token art") over HTTP against the real server: who may set which, that the
 * image must belong to the room, and that a hidden foe's portrait never reaches a player.
 */
describe('token portraits', () => {
  const server = useTestServer();
  let roomId: string;
  let gmToken: string;
  let anaToken: string;
  let gm: TestClient;
  let gmSecrets: TestClient;
  const send = (token: string, intent: unknown) =>
    api<Result>(server.origin, `/api/rooms/${roomId}/intents`, { token, body: intent });
  const publicBlock = (id: string) =>
    server.room(roomId).public.doc.getMap('statBlocks').get(id) as StatBlock | undefined;
  const secretBlock = (id: string) =>
    server.room(roomId).secrets.doc.getMap('statBlocks').get(id) as StatBlock | undefined;

  beforeAll(async () => {
    ({ roomId, gmToken } = await createRoom(server.origin));
    anaToken = await invite(server.origin, roomId, gmToken, 'Ana', ['maren']);
    gm = connectClient(server.wsUrl, roomId, gmToken);
    gmSecrets = connectClient(server.wsUrl, `${roomId}~secrets`, gmToken);
    server.keep(gm, gmSecrets);
    await Promise.all([gm.synced, gmSecrets.synced]);
    const docs = { public: gm.doc, secrets: gmSecrets.doc };
    const pc = { ...(SAMPLE_CHARACTERS[0] as object) } as StatBlock;
    const base = { size: 1, combatant: true };
    placeToken(
      docs,
      { ...base, side: 'party', id: 'maren', name: 'Maren', cell: { x: 0, y: 2 }, ownerIds: ['maren'] },
      { statBlock: { ...pc, name: 'Maren' } },
    );
    placeToken(
      docs,
      { ...base, side: 'party', id: 'ivo', name: 'Ivo', cell: { x: 0, y: 4 }, ownerIds: ['ivo'] },
      { statBlock: { ...pc, name: 'Ivo' } },
    );
    placeToken(
      docs,
      { ...base, side: 'foes', id: 'ogre', name: 'Ogre', cell: { x: 4, y: 4 }, ownerIds: [] },
      { statBlock: FOE },
    );
    placeToken(
      docs,
      { ...base, side: 'foes', id: 'lurker', name: 'Lurker', cell: { x: 5, y: 5 }, ownerIds: [] },
      { statBlock: { ...FOE, name: 'Lurker' }, hidden: true },
    );
    await waitFor(() => !!secretBlock('lurker') && !!publicBlock('ogre'), 'tokens placed');
  });

  it("lets a player set and remove their own character's portrait", async () => {
    const hash = await upload(server.origin, roomId, anaToken, await portraitBytes([255, 0, 200]));
    const set = await send(anaToken, { kind: 'set-portrait', tokenId: 'maren', portrait: hash });
    expect(set.body).toEqual({ ok: true, outcome: expect.objectContaining({ kind: 'set-portrait' }) });
    expect(publicBlock('maren')?.portrait).toBe(hash);
    const removed = await send(anaToken, { kind: 'set-portrait', tokenId: 'maren', portrait: null });
    expect(removed.body.ok).toBe(true);
    expect(publicBlock('maren')?.portrait).toBeUndefined();
  });

  it("refuses a player on another player's character and on a foe, and changes nothing", async () => {
    const hash = await upload(server.origin, roomId, anaToken, await portraitBytes([0, 255, 0]));
    const other = await send(anaToken, { kind: 'set-portrait', tokenId: 'ivo', portrait: hash });
    expect(other.body).toEqual({ ok: false, reason: 'Ivo is not your character' });
    const foe = await send(anaToken, { kind: 'set-portrait', tokenId: 'ogre', portrait: hash });
    expect(foe.body).toEqual({ ok: false, reason: 'Ogre is not your character' });
    expect(publicBlock('ivo')?.portrait).toBeUndefined();
    expect(publicBlock('ogre')?.portrait).toBeUndefined();
    // The GM may set any character's.
    expect((await send(gmToken, { kind: 'set-portrait', tokenId: 'ogre', portrait: hash })).body.ok).toBe(
      true,
    );
    expect(publicBlock('ogre')?.portrait).toBe(hash);
  });

  it('refuses an image that does not belong to the room', async () => {
    const elsewhere = await createRoom(server.origin);
    const foreign = await upload(
      server.origin,
      elsewhere.roomId,
      elsewhere.gmToken,
      await portraitBytes([1, 2, 3]),
    );
    for (const hash of [foreign, 'ab'.repeat(32)]) {
      const answer = await send(gmToken, { kind: 'set-portrait', tokenId: 'ogre', portrait: hash });
      expect(answer.body).toEqual({
        ok: false,
        reason: 'that image was not uploaded to this room: upload it again',
      });
    }
    const bad = await send(gmToken, { kind: 'set-portrait', tokenId: 'ogre', portrait: 'cat.png' });
    expect(bad.body.ok).toBe(false);
    expect(bad.body.reason).not.toMatch(/regex|portrait\b.*string/i);
  });

  it("keeps a hidden foe's portrait in the secrets doc: no player receives it", async () => {
    const player = RawClient.connect(server.wsUrl, roomId, anaToken);
    server.keep({ destroy: () => player.ws.close() } as TestClient);
    await player.opened;
    player.requestState();
    const hash = await upload(server.origin, roomId, gmToken, await portraitBytes([9, 99, 199]));
    const answer = await send(gmToken, { kind: 'set-portrait', tokenId: 'lurker', portrait: hash });
    expect(answer.body.ok).toBe(true);
    expect(secretBlock('lurker')?.portrait).toBe(hash);
    expect(publicBlock('lurker')).toBeUndefined();
    // Something public after it, so the player's socket has certainly seen everything before.
    await send(anaToken, { kind: 'chat', text: 'ready' });
    await waitFor(() => player.allBytes().includes('ready'), 'chat reached the player');
    expect(player.allBytes().includes(hash)).toBe(false);
    const log = JSON.stringify(server.room(roomId).public.doc.getArray('log').toJSON());
    expect(log).not.toContain('Lurker');
  });

  it('links portraits named by a new room’s party to it, and drops ones the server lacks with a note', async () => {
    const known = await upload(server.origin, roomId, gmToken, await portraitBytes([200, 100, 0]));
    const missing = 'cd'.repeat(32);
    const [maren, ivo] = SAMPLE_CHARACTERS as object[];
    const created = await api<{ roomId: string; gmToken: string; notes?: string[] }>(
      server.origin,
      '/api/rooms',
      {
        body: {
          map: TEST_MAP,
          party: {
            schemaVersion: 1,
            kind: 'party',
            name: 'P',
            characters: [
              { ...maren, portrait: known },
              { ...ivo, portrait: missing },
            ],
          },
        },
      },
    );
    expect(created.status).toBe(200);
    expect(created.body.notes).toEqual([
      'Ivo (Vagabond): its portrait is not on this server, so it was left out',
    ]);
    const blocks = (await server.loadRoom(created.body.roomId)).public.doc
      .getMap('statBlocks')
      .toJSON() as Record<string, StatBlock>;
    const portraits = Object.values(blocks).map((b) => b.portrait ?? null);
    expect(portraits.sort()).toEqual([known, null]);
    const image = await fetch(`${server.origin}/api/rooms/${created.body.roomId}/assets/${known}/image`, {
      headers: { authorization: `Bearer ${created.body.gmToken}` },
    });
    expect(image.status).toBe(200);
  });
});
