import fs from 'node:fs';
import { startTestServer } from '../tests/e2e/testServer';
const s = await startTestServer();
const read = (f: string) => JSON.parse(fs.readFileSync(f, 'utf8'));
const post = async (path: string, body: unknown, token?: string) => {
  const r = await fetch(s.origin + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return r.json();
};
const room = await post('/api/rooms', { map: read('maps/arena.json'), encounter: read('encounters/arena-skirmish.json'), party: read('encounters/parties/sample-party.json') });
const inv = await post(`/api/rooms/${room.roomId}/invites`, { name: 'Pat', characterIds: ['maren-stalwart'] }, room.gmToken);
console.log(await post(`/api/rooms/${room.roomId}/intents`, { kind: 'start-combat' }, room.gmToken));
console.log(await post(`/api/rooms/${room.roomId}/intents`, { kind: 'start-turn', tokenId: 'maren-stalwart', slow: false }, inv.token));
await s.stop();
