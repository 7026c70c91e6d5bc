import { readSettings } from '../../src/table/readDoc';
import { setRoomSettings } from '../../src/table/writers/roomWriters';
import { setTokenHidden } from '../../src/table/writers/tokenWriters';
import type { ServerFixture } from './helpers';
import { connectClient, waitFor } from './helpers';

/**
 * The GM, connected to both docs as a page is, turns fog of war on (`vision`) and reveals `foeId`,
 * which the party cannot see: answers once the server holds it among the GM's tokens, marked out
 * of sight (the setup of the fog secrecy tests).
 */
export async function gmRevealsUnderFog(
  server: ServerFixture,
  roomId: string,
  gmToken: string,
  vision: 'party' | 'per-player',
  foeId: string,
) {
  const gm = connectClient(server.wsUrl, roomId, gmToken);
  const gmSecrets = connectClient(server.wsUrl, `${roomId}~secrets`, gmToken);
  server.keep(gm, gmSecrets);
  await Promise.all([gm.synced, gmSecrets.synced]);
  const docs = { public: gm.doc, secrets: gmSecrets.doc };
  setRoomSettings(docs, { ...readSettings(gm.doc, []), vision });
  setTokenHidden(docs, foeId, false);
  const room = server.room(roomId);
  await waitFor(
    () =>
      (room.secrets.doc.getMap('tokens').get(foeId) as { outOfSight?: string } | undefined)?.outOfSight ===
      'stats-shown',
    `${foeId} out of the players' sight`,
  );
  return { gm, gmSecrets, docs, room };
}
