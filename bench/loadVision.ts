import type * as Y from 'yjs';
import { inviteIdOf } from '../src/server/invites';
import { channelDocName } from '../src/server/permissions';
import { readSettings } from '../src/table/readDoc';
import { setRoomSettings } from '../src/table/writers/roomWriters';
import { measurePairs } from './loadLogRoom';
import type { OurRoom } from './loadRooms';
import type { Client } from './loadTraffic';
import { connect } from './loadTraffic';

export interface VisionCostResult {
  readonly offMs: number[];
  readonly onMs: number[];
  readonly errors: number;
  readonly errorSamples: string[];
}

/**
 * The vision scenario of `npm run load` (issue 34): the same intents (Ivo's moves and attacks)
 * in a room with fog of war off and one with each player's own sight (`per-player`), interleaved
 * one by one. In both rooms every player is connected as a page is (the public doc and their
 * channel doc), so the per-player room's server writes each player's channel copies as it would.
 */
export async function measureVisionCost(
  origin: string,
  off: OurRoom,
  on: OurRoom,
  intents: number,
): Promise<VisionCostResult> {
  const wsUrl = origin.replace('http', 'ws') + '/ws';
  const clients: Client[] = [];
  // Each player as a page: the public doc and their channel doc. Answers the public docs.
  const open = (room: OurRoom): Client[] =>
    room.readerTokens.map((token) => {
      const pub = connect(wsUrl, room.docName, token);
      clients.push(pub, connect(wsUrl, channelDocName(room.docName, inviteIdOf(token)), token));
      return pub;
    });
  open(off);
  const watcher = open(on)[0]!;
  // The GM turns per-player fog on from their page (their writers decide, the server follows).
  const gm = connect(wsUrl, on.docName, on.writerToken);
  const gmSecrets = connect(wsUrl, `${on.docName}~secrets`, on.writerToken);
  clients.push(gm, gmSecrets);
  await Promise.all(clients.map((c) => c.synced));
  const docs: { public: Y.Doc; secrets: Y.Doc } = { public: gm.doc, secrets: gmSecrets.doc };
  setRoomSettings(docs, { ...readSettings(docs.public, []), vision: 'per-player' });
  const deadline = Date.now() + 10_000;
  while (
    (watcher.doc.getMap('settings').get('room') as { vision?: string } | undefined)?.vision !== 'per-player'
  ) {
    if (Date.now() > deadline) throw new Error('fog of war did not reach the players within 10 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  try {
    const { aMs, bMs, errors, errorSamples } = await measurePairs(origin, off, on, intents);
    return { offMs: aMs, onMs: bMs, errors, errorSamples };
  } finally {
    for (const c of clients) {
      c.provider.destroy();
      c.doc.destroy();
    }
  }
}
