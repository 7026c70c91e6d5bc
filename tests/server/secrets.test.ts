import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  api,
  connectClient,
  createRoom,
  invite,
  RawClient,
  tokenAt,
  useTestServer,
  waitFor,
} from './helpers';

const SECRET_NAME = 'Lurking Basilisk of Zorvath';

describe('GM secrets', () => {
  const server = useTestServer();

  it('never appear in any frame a player socket receives', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const playerToken = await invite(server.origin, roomId, gmToken, 'Peeker');
    const gm = connectClient(server.wsUrl, roomId, gmToken);
    const gmSecrets = connectClient(server.wsUrl, `${roomId}~secrets`, gmToken);
    server.keep(gm, gmSecrets);
    await Promise.all([gm.synced, gmSecrets.synced]);

    // A hidden token exists before the player joins...
    gmSecrets.doc.getMap('tokens').set('basilisk', tokenAt('basilisk', 5, 5, { name: SECRET_NAME }));
    gmSecrets.provider.awareness.setLocalStateField('hover', { token: 'basilisk', name: SECRET_NAME });
    await waitFor(() => server.room(roomId).secrets.doc.getMap('tokens').has('basilisk'), 'secret stored');

    const player = RawClient.connect(server.wsUrl, roomId, playerToken);
    await player.opened;
    player.requestState();
    // ...and more secret and public traffic happens while the player watches.
    gmSecrets.doc.getMap('notes').set('plan', `${SECRET_NAME} ambushes from the north`);
    gm.doc.getMap('tokens').set('hero', tokenAt('hero', 1, 1, { name: 'Hero' }));
    gm.provider.awareness.setLocalStateField('cursor', { x: 2, y: 2 });
    await waitFor(() => {
      const seen = new Y.Doc();
      player.replayInto(seen);
      return seen.getMap('tokens').has('hero');
    }, 'public move at the player');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const bytes = player.allBytes();
    expect(player.frames.length).toBeGreaterThan(2);
    expect(bytes.includes(Buffer.from(SECRET_NAME))).toBe(false);
    expect(bytes.includes(Buffer.from('Basilisk'))).toBe(false);
    expect(bytes.includes(Buffer.from('basilisk'))).toBe(false);
    // The player got the public doc, complete.
    const seen = new Y.Doc();
    player.replayInto(seen);
    expect(seen.getMap('tokens').toJSON()).toEqual({ hero: tokenAt('hero', 1, 1, { name: 'Hero' }) });
    player.ws.close();
  });

  it('refuses a player token on the secrets doc at the upgrade (403)', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const playerToken = await invite(server.origin, roomId, gmToken, 'Sneak');
    const sneak = RawClient.connect(server.wsUrl, `${roomId}~secrets`, playerToken);
    await expect(sneak.opened).rejects.toThrow();
    expect(sneak.upgradeStatus).toBe(403);
    // Percent-encoded tilde is the same doc name and is refused the same way.
    const encoded = RawClient.connect(server.wsUrl, `${roomId}%7Esecrets`, playerToken);
    await expect(encoded.opened).rejects.toThrow();
    expect(encoded.upgradeStatus).toBe(403);
  });

  it('hidden foes of a seeded encounter never reach a player until the GM reveals one', async () => {
    const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
    const { roomId, gmToken } = await createRoom(server.origin, {
      map: readJson('maps/arena.json'),
      encounter: readJson('encounters/arena-skirmish.json'),
      party: readJson('encounters/parties/sample-party.json'),
    });
    const player = RawClient.connect(
      server.wsUrl,
      roomId,
      await invite(server.origin, roomId, gmToken, 'Scout'),
    );
    await player.opened;
    player.requestState();
    const gmSecrets = connectClient(server.wsUrl, `${roomId}~secrets`, gmToken);
    server.keep(gmSecrets);
    await gmSecrets.synced;
    gmSecrets.doc.getMap('notes').set('room', 'The Pit Gladiators wait behind the north gate');
    const secretWords = [
      'Pit Gladiator',
      'Crown Archer',
      'gladiator-1',
      'gladiator-2',
      'archer-1',
      'north gate',
    ];
    const seen = () => secretWords.filter((word) => player.allBytes().includes(Buffer.from(word)));
    await waitFor(() => player.frames.length >= 2, 'the initial sync');
    const { body } = await api<{ ok: boolean }>(server.origin, `/api/rooms/${roomId}/intents`, {
      token: gmToken,
      body: { kind: 'chat', text: 'Welcome' },
    });
    expect(body.ok).toBe(true);
    await waitFor(() => player.allBytes().includes(Buffer.from('Welcome')), 'public traffic at the player');
    expect(seen()).toEqual([]);

    // Control: revealing moves the foe into the public doc, and then the player does get it.
    const reveal = await api<{ ok: boolean }>(server.origin, `/api/rooms/${roomId}/intents`, {
      token: gmToken,
      body: { kind: 'reveal', tokenId: 'archer-1' },
    });
    expect(reveal.body.ok).toBe(true);
    await waitFor(() => seen().includes('archer-1'), 'the revealed foe at the player');
    expect(seen()).not.toContain('gladiator-1');
    expect(seen()).not.toContain('north gate');
    player.ws.close();
  });
});
