import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyIntent } from '../../../src/table/applyIntent';
import { checkDocWrite } from '../../../src/table/checkDocWrite';
import { channelRootsOf, secretRootsOf } from '../../../src/table/docLayout';
import type { ChannelDocs } from '../../../src/table/intents/chatChannels';
import { arenaRoom, GM, player, scriptedFight, steady } from './fight';

const IVO_CHANNEL = 'aaaaaaaaaaaa';

/** Every string stored anywhere in a doc's update (keys and values), as Yjs would send it. */
const bytesOf = (doc: Y.Doc) => Buffer.from(Y.encodeStateAsUpdate(doc)).toString('latin1');

/** A GM client: a copy of the secrets doc that sends its own updates for the server's check. */
function gmClient(server: Y.Doc) {
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  return {
    client,
    /** What the server answers to the client's next change (null: accepted). */
    write(change: () => void): string | null {
      const before = Y.encodeStateVector(client);
      client.transact(change, 'gm');
      return checkDocWrite(server, 'secrets', Y.encodeStateAsUpdate(client, before));
    },
  };
}

describe('replay records are the GM’s only, and only the server writes them', () => {
  it('no replay data reaches the public doc or a player’s channel', () => {
    const docs = scriptedFight();
    const channel = new Y.Doc();
    const channels: ChannelDocs = {
      own: IVO_CHANNEL,
      nameOf: () => 'Ivo',
      doc: (id) => (id === IVO_CHANNEL ? channel : undefined),
    };
    const whisper = applyIntent(
      docs,
      player('ivo-vagabond'),
      { kind: 'chat', text: 'psst', to: { kind: 'gm' } },
      steady(),
      {
        channels,
        senderName: 'Ivo',
      },
    );
    expect(whisper.ok).toBe(true);
    const roots = secretRootsOf(docs.secrets);
    expect(roots.replay.size).toBeGreaterThan(30);
    const hashes = [...roots.replayInputs.keys()];
    expect(hashes.length).toBeGreaterThan(30);
    for (const doc of [docs.public, channel]) {
      expect([...doc.share.keys()].filter((name) => name.startsWith('replay'))).toEqual([]);
      const raw = bytesOf(doc);
      for (const word of ['replay', '~p', '"facts"', 'senderName']) expect(raw).not.toContain(word);
      for (const hash of hashes) expect(raw.includes(hash), hash).toBe(false);
    }
    expect(channelRootsOf(channel).chat.length).toBe(1);
  });

  it('a GM client may neither forge, change nor delete a record or a fact', () => {
    const docs = arenaRoom();
    applyIntent(docs, GM, { kind: 'start-combat' }, steady());
    const [id, record] = [...secretRootsOf(docs.secrets).replay.entries()][0]!;
    const [hash] = [...secretRootsOf(docs.secrets).replayInputs.keys()];
    const gm = gmClient(docs.secrets);
    const refused = 'replay records are written by the server only';
    expect(gm.write(() => secretRootsOf(gm.client).replay.set('l-forged', record))).toBe(
      `replay.l-forged: ${refused}`,
    );
    const again = gmClient(docs.secrets);
    expect(
      again.write(() => secretRootsOf(again.client).replay.set(id, { ...(record as object), dice: [] })),
    ).toBe(`replay.${id}: ${refused}`);
    const deleting = gmClient(docs.secrets);
    expect(deleting.write(() => secretRootsOf(deleting.client).replay.delete(id))).toBe(`replay: ${refused}`);
    const facts = gmClient(docs.secrets);
    expect(facts.write(() => secretRootsOf(facts.client).replayInputs.delete(hash!))).toBe(
      `replayInputs: ${refused}`,
    );
    // Other GM writes to the secrets doc still pass, deletions included.
    const notes = gmClient(docs.secrets);
    expect(
      notes.write(() => secretRootsOf(notes.client).notes.set('room', 'the lever opens the gate')),
    ).toBeNull();
    Y.applyUpdate(docs.secrets, Y.encodeStateAsUpdate(notes.client));
    const unnote = gmClient(docs.secrets);
    expect(unnote.write(() => secretRootsOf(unnote.client).notes.delete('room'))).toBeNull();
  });
});
