import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import { canOpenDoc, checkAwarenessClaims, parseDocName, wouldChangeDoc } from '../../src/server/permissions';
import type { Session } from '../../src/server/auth';

const gm: Session = { roomId: 'r1', role: 'gm', name: 'GM', characterIds: [], tokenHash: 'g' };
const player: Session = { roomId: 'r1', role: 'player', name: 'P', characterIds: ['pc1'], tokenHash: 'p' };

describe('canOpenDoc', () => {
  it('lets the GM open both docs, a player only the public one, and nobody another room', () => {
    expect(canOpenDoc(gm, { roomId: 'r1', kind: 'public' })).toBe(200);
    expect(canOpenDoc(gm, { roomId: 'r1', kind: 'secrets' })).toBe(200);
    expect(canOpenDoc(player, { roomId: 'r1', kind: 'public' })).toBe(200);
    expect(canOpenDoc(player, { roomId: 'r1', kind: 'secrets' })).toBe(403);
    expect(canOpenDoc(gm, { roomId: 'r2', kind: 'public' })).toBe(403);
    expect(canOpenDoc(undefined, { roomId: 'r1', kind: 'public' })).toBe(401);
  });

  it('names docs <roomId>, <roomId>~secrets and <roomId>~to~<channel>', () => {
    expect(parseDocName('abc~secrets')).toEqual({ roomId: 'abc', kind: 'secrets' });
    expect(parseDocName('abc')).toEqual({ roomId: 'abc', kind: 'public' });
    expect(parseDocName('abc~to~0123456789ab')).toEqual({
      roomId: 'abc',
      kind: 'channel',
      channel: '0123456789ab',
    });
  });

  it('opens a channel doc to its own player only: not another player, not the GM, not a made-up id', () => {
    const hash = '0123456789ab' + 'f'.repeat(52);
    const ana: Session = { ...player, tokenHash: hash, channel: '0123456789ab' };
    const channel = (id: string, roomId = 'r1') => ({ roomId, kind: 'channel' as const, channel: id });
    expect(canOpenDoc(ana, channel('0123456789ab'))).toBe(200);
    expect(canOpenDoc(ana, channel('0123456789ac'))).toBe(403);
    expect(canOpenDoc(ana, channel(hash))).toBe(403);
    expect(canOpenDoc(ana, channel('0123456789ab', 'r2'))).toBe(403);
    expect(canOpenDoc({ ...gm, tokenHash: hash }, channel('0123456789ab'))).toBe(403);
    expect(canOpenDoc(undefined, channel('0123456789ab'))).toBe(401);
    // After a new link the token's hash starts otherwise; the channel is the invite's, kept.
    const renewed: Session = { ...ana, tokenHash: 'e'.repeat(64) };
    expect(canOpenDoc(renewed, channel('0123456789ab'))).toBe(200);
    expect(canOpenDoc(renewed, channel('eeeeeeeeeeee'))).toBe(403);
  });
});

/** A server doc and a client doc fully synced with it, after some inserts and deletes. */
function syncedPair(): { server: Y.Doc; client: Y.Doc } {
  const server = new Y.Doc();
  const map = server.getMap('tokens');
  map.set('a', 1);
  map.set('b', 2);
  map.delete('a');
  server.getArray('log').push(['x', 'y', 'z']);
  server.getArray('log').delete(0, 2);
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  return { server, client };
}

describe('wouldChangeDoc', () => {
  it('treats an up-to-date client sync step 2 (whole delete set, no new structs) as a no-op', () => {
    const { server, client } = syncedPair();
    const step2 = Y.encodeStateAsUpdate(client, Y.encodeStateVector(server));
    expect(Y.decodeUpdate(step2).ds.clients.size).toBeGreaterThan(0); // the deletes ride along
    expect(wouldChangeDoc(server, step2)).toBe(false);
    expect(wouldChangeDoc(server, Y.encodeStateAsUpdate(new Y.Doc()))).toBe(false);
  });

  it('flags a new struct, a new delete, and a delete of unknown items', () => {
    const { server, client } = syncedPair();
    const sv = Y.encodeStateVector(server);
    client.getMap('tokens').set('c', 3);
    expect(wouldChangeDoc(server, Y.encodeStateAsUpdate(client, sv))).toBe(true);

    const { server: s2, client: c2 } = syncedPair();
    c2.getMap('tokens').delete('b');
    expect(wouldChangeDoc(s2, Y.encodeStateAsUpdate(c2, Y.encodeStateVector(s2)))).toBe(true);

    const { server: s3 } = syncedPair();
    const stranger = new Y.Doc();
    stranger.getMap('tokens').set('q', 1);
    stranger.getMap('tokens').delete('q');
    // Only the delete set of the stranger's doc: deletes items the server never saw.
    const onlyDeletes = Y.diffUpdate(Y.encodeStateAsUpdate(stranger), Y.encodeStateVector(stranger));
    expect(wouldChangeDoc(s3, onlyDeletes)).toBe(true);
  });

  it('agrees with actually applying the update (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('set', 'del', 'push', 'cut'), fc.nat(5)), { maxLength: 12 }),
        fc.array(fc.tuple(fc.constantFrom('set', 'del', 'push', 'cut'), fc.nat(5)), { maxLength: 6 }),
        (shared, local) => {
          const server = new Y.Doc();
          const run = (doc: Y.Doc, ops: [string, number][]) =>
            ops.forEach(([op, n]) => {
              const map = doc.getMap('m');
              const arr = doc.getArray<number>('a');
              if (op === 'set') map.set(`k${n}`, n);
              if (op === 'del') map.delete(`k${n}`);
              if (op === 'push') arr.push([n]);
              if (op === 'cut' && arr.length > 0) arr.delete(n % arr.length, 1);
            });
          run(server, shared);
          const client = new Y.Doc();
          Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
          run(client, local);
          const update = Y.encodeStateAsUpdate(client, Y.encodeStateVector(server));
          const before = Y.encodeStateAsUpdate(server);
          const verdict = wouldChangeDoc(server, update);
          const probe = new Y.Doc();
          Y.applyUpdate(probe, before);
          Y.applyUpdate(probe, update);
          const changed = !Buffer.from(Y.encodeStateAsUpdate(probe)).equals(Buffer.from(before));
          expect(verdict).toBe(changed);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('checkAwarenessClaims', () => {
  const owners = new Map<number, { tokenHash: string }>([
    [10, { tokenHash: 'alice' }],
    [20, { tokenHash: 'bob' }],
  ]);
  /** The server's awareness clocks: alice's id 10 is at clock 5, bob's 20 at clock 7. */
  const clocks = new Map([
    [10, 5],
    [20, 7],
  ]);
  const known = {
    ownerOf: (id: number) => owners.get(id),
    clockOf: (id: number) => clocks.get(id) ?? 0,
    serverClientId: 1,
  };
  const entry = (clientID: number, clock: number, state: unknown = {}) => ({ clientID, clock, state });
  const carol = () => ({ tokenHash: 'carol', ownedIds: new Set<number>() });

  it('accepts a new id or one the claimant already speaks for', () => {
    expect(checkAwarenessClaims([entry(30, 1)], carol(), known)).toEqual({
      ok: true,
      accepted: [entry(30, 1)],
    });
    expect(
      checkAwarenessClaims([entry(10, 6)], { tokenHash: 'alice', ownedIds: new Set([10]) }, known),
    ).toEqual({
      ok: true,
      accepted: [entry(10, 6)],
    });
  });

  it("refuses a new state for another user's id, and any claim on the server's id", () => {
    expect(checkAwarenessClaims([entry(10, 6, { cursor: 1 })], carol(), known)).toEqual({
      ok: false,
      reason: 'awareness client 10 belongs to another user',
    });
    expect(checkAwarenessClaims([entry(30, 1), entry(20, 8)], carol(), known).ok).toBe(false);
    expect(checkAwarenessClaims([entry(1, 1)], carol(), known)).toEqual({
      ok: false,
      reason: "awareness client 1 is the server's",
    });
  });

  it("drops (never applies) echoes of others' states and removals of others' ids, as stock clients send them", () => {
    // Echo: the stock provider re-sends what it heard, with the clock the server already has.
    expect(checkAwarenessClaims([entry(10, 5, { cursor: 1 }), entry(30, 1)], carol(), known)).toEqual({
      ok: true,
      accepted: [entry(30, 1)],
    });
    // Its stale-state timer removes others (clock + 1, state null): dropped, not applied.
    expect(checkAwarenessClaims([entry(20, 8, null)], carol(), known)).toEqual({ ok: true, accepted: [] });
  });

  it('lets the same user (same token) take over its id from an older socket', () => {
    expect(checkAwarenessClaims([entry(10, 6)], { tokenHash: 'alice', ownedIds: new Set() }, known)).toEqual({
      ok: true,
      accepted: [entry(10, 6)],
    });
  });

  it('caps how many ids one socket may speak for', () => {
    const claims = [31, 32, 33, 34, 35].map((id) => entry(id, 1));
    expect(checkAwarenessClaims(claims, carol(), known).ok).toBe(false);
  });
});
