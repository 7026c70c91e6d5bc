import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { makeTestImage } from '../../scripts/make-test-image';
import { connectTable } from '../../src/table/client';
import type { TableConnection } from '../../src/table/client';
import { takeBackHandout } from '../../src/table/handouts/takeBack';
import { getAsset, upload } from './assetsHelpers';
import { api, createRoom, useTestServer, waitFor } from './helpers';

/**
 * Handouts over the real server and real websockets (docs/table/handouts.md): a handout to one
 * player reaches that player and the GM, and nothing of it reaches another player: not a
 * websocket frame, not an HTTP answer, not its picture (404 to them, 200 to its reader and the
 * GM). Taken back, it leaves the player's table and its picture is theirs no more.
 */
describe('a handout to one player reaches nobody else', () => {
  const server = useTestServer();

  /** Every frame any socket of one person receives, in order. */
  const frames = new Map<string, Buffer[]>();
  /** Every HTTP answer one person received: status and body, as text. */
  const answers = new Map<string, string[]>();
  const heard = (who: string) => Buffer.concat(frames.get(who) ?? []);
  const answered = (who: string) => (answers.get(who) ?? []).join('\n');
  const note = (who: string, text: string) => answers.set(who, [...(answers.get(who) ?? []), text]);
  const recordingSocket = (who: string) => {
    const seen = frames.get(who) ?? [];
    frames.set(who, seen);
    return class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols);
        this.on('message', (data: Buffer | ArrayBuffer) => seen.push(Buffer.from(data as ArrayBuffer)));
      }
    };
  };
  const connections: TableConnection[] = [];
  const enter = async (roomId: string, who: string, token: string) => {
    const connection = await connectTable({
      serverUrl: server.origin,
      roomId,
      token,
      WebSocketPolyfill: recordingSocket(who),
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        note(who, `${response.status} ${await response.clone().text()}`);
        return response;
      },
    });
    connections.push(connection);
    server.keep(connection);
    await connection.whenSynced;
    return connection;
  };
  /** GET an image route as `who`, recording the answer; its status. */
  const fetchImage = async (who: string, token: string, path: string) => {
    const answer = await getAsset(server.origin, path, token);
    note(who, `${answer.status} ${answer.bytes.toString('latin1')}`);
    return answer.status;
  };
  const titles = (c: TableConnection) => c.snapshot().handouts.map((h) => h.title);

  const SECRET = 'the-lich-is-your-father';
  const TITLE = 'A letter sealed in black wax';

  it('Bo’s handout: Bo and the GM get its words and picture, Ana neither (frames, answers, the image)', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const inviteOf = async (name: string) =>
      (
        await api<{ token: string; id: string }>(server.origin, `/api/rooms/${roomId}/invites`, {
          token: gmToken,
          body: { name, characterIds: [] },
        })
      ).body;
    const [ana, bo] = [await inviteOf('Ana'), await inviteOf('Bo')];
    const picture = await makeTestImage({ width: 600, height: 400, square: 50 });
    const { body: uploaded } = await upload(server.origin, roomId, gmToken, picture);
    const hash = uploaded.hash!;

    const gm = await enter(roomId, 'gm', gmToken);
    const a = await enter(roomId, 'a', ana.token);
    const b = await enter(roomId, 'b', bo.token);

    const toBo = {
      kind: 'show-handout',
      title: TITLE,
      text: SECRET,
      image: hash,
      to: { kind: 'player', channel: bo.id },
    };
    expect(await gm.sendIntent(toBo)).toEqual({
      ok: true,
      outcome: { kind: 'show-handout', title: TITLE, to: 'Bo' },
    });
    // A player may not show one.
    expect(await a.sendIntent({ kind: 'show-handout', title: 'Mine', text: 'x' })).toEqual({
      ok: false,
      reason: 'only the GM may show a handout',
    });
    // One for everyone after it: once everyone has it, every earlier frame has arrived too.
    expect(
      await gm.sendIntent({ kind: 'show-handout', title: 'Last call', text: 'The inn closes.' }),
    ).toEqual({
      ok: true,
      outcome: { kind: 'show-handout', title: 'Last call' },
    });
    for (const who of [gm, a, b])
      await waitFor(() => titles(who).includes('Last call'), 'the public handout');
    await waitFor(() => titles(b).includes(TITLE), "Bo's handout");

    expect(titles(gm)).toEqual([TITLE, 'Last call']);
    expect(titles(b)).toEqual([TITLE, 'Last call']);
    expect(titles(a)).toEqual(['Last call']);
    expect(b.snapshot().handouts[0]).toMatchObject({ text: SECRET, image: hash, to: { name: 'Bo' } });

    // The picture: its reader and the GM find it (info, a tile, the image); Ana does not.
    const base = `/api/rooms/${roomId}/assets/${hash}`;
    for (const tail of ['', '/tiles/0/0/0', '/image']) {
      expect(await fetchImage('gm', gmToken, base + tail)).toBe(200);
      expect(await fetchImage('b', bo.token, base + tail)).toBe(200);
      expect(await fetchImage('a', ana.token, base + tail)).toBe(404);
    }
    // Ana asks the server what she may: who she is, the room file, the invites.
    for (const path of ['/api/session', `/api/rooms/${roomId}/export`, `/api/rooms/${roomId}/invites`]) {
      const answer = await api(server.origin, path, { token: ana.token });
      note('a', `${answer.status} ${JSON.stringify(answer.body)}`);
    }

    const contains = (bytes: Buffer, words: string) => bytes.includes(Buffer.from(words, 'utf8'));
    for (const words of [SECRET, TITLE, hash]) {
      expect(contains(heard('gm'), words), `the GM received "${words}"`).toBe(true);
      expect(contains(heard('b'), words), `Bo received "${words}"`).toBe(true);
      expect(contains(heard('a'), words), `Ana received "${words}" over a websocket`).toBe(false);
      expect(answered('a').includes(words), `Ana received "${words}" over HTTP`).toBe(false);
    }
    expect(answered('a')).toContain('404 {"ok":false,"reason":"this room has no such image"}');

    // Taken back by the GM's page: it leaves Bo's table (the server follows the GM's copy), and
    // its picture is no longer Bo's to fetch (the image cache saw the channel change).
    takeBackHandout(gm.docs, gm.snapshot().handouts.find((h) => h.title === TITLE)!.id);
    await waitFor(() => !titles(b).includes(TITLE) && !titles(gm).includes(TITLE), 'the handout taken back');
    expect(await fetchImage('b', bo.token, `${base}/image`)).toBe(404);
    expect(await fetchImage('gm', gmToken, `${base}/image`)).toBe(200);
    // …and a reload brings nothing back.
    b.destroy();
    const again = await enter(roomId, 'b-again', bo.token);
    expect(titles(again)).toEqual(['Last call']);
  }, 30_000);
});
