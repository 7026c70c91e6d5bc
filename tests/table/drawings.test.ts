import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { fixedDice } from '../../src/lib/dice';
import { MAX_DRAWINGS, MAX_STROKE_POINTS, type Drawing, type DrawingShape } from '../../src/schema/drawing';
import { applyIntent, type Actor } from '../../src/table/applyIntent';
import { GM_DRAWING_COLOUR, authorColour } from '../../src/table/authorColour';
import { checkDocWrite } from '../../src/table/checkDocWrite';
import { rootsOf, SYSTEM_ORIGIN, transactBoth } from '../../src/table/docLayout';
import { readDrawings } from '../../src/table/readDrawings';
import { exportRoom, importRoom } from '../../src/table/roomFile';
import { GM, mapOf, party, pc, player, room } from './fixtures';

const LINE: DrawingShape = { kind: 'line', from: [1, 1], to: [3, 2.5] };

function seeded() {
  return room({ map: mapOf(['......', '......', '......']), party: party(pc('Ana'), pc('Bo')) });
}

type Docs = ReturnType<typeof seeded>;
/** Each player's channel, as the server hands it over with their intents (their invite id). */
const channelOf = (actor: Actor): string | undefined =>
  actor.role === 'gm' ? undefined : actor.characterIds.includes('ana') ? 'a11a00000001' : 'b0b000000002';
const send = (docs: Docs, actor: Actor, intent: unknown, name = actor.role === 'gm' ? 'GM' : 'Pat') => {
  const own = channelOf(actor);
  const channels = { ...(own ? { own } : {}), nameOf: () => undefined, doc: () => undefined };
  return applyIntent(docs, actor, intent, fixedDice([]), { now: 1_000, senderName: name, channels });
};
const draw = (docs: Docs, actor: Actor, layer: 'table' | 'gm' = 'table', name?: string) =>
  send(docs, actor, { kind: 'draw', shape: LINE, layer }, name);
const idOf = (result: ReturnType<typeof send>): string => {
  const outcome = result.ok ? result.outcome : undefined;
  if (!outcome || !('drawingId' in outcome)) throw new Error(`not drawn: ${JSON.stringify(result)}`);
  return outcome.drawingId;
};
const ANA = player('ana');
const BO = player('bo');

describe('draw (issue 15 "Drawings and notes on the map")', () => {
  it('stamps id, author, colour and time; the table layer is public; nothing reaches the log', () => {
    const docs = seeded();
    const logBefore = [rootsOf(docs.public).log.length, rootsOf(docs.secrets).log.length];
    const id = idOf(draw(docs, GM));
    const stored = readDrawings(docs.public);
    expect(stored).toEqual([
      {
        id,
        author: { key: 'gm', name: 'GM' },
        color: GM_DRAWING_COLOUR,
        layer: 'table',
        shape: LINE,
        at: 1_000,
      },
    ]);
    expect(readDrawings(docs.secrets)).toEqual([]);
    expect([rootsOf(docs.public).log.length, rootsOf(docs.secrets).log.length]).toEqual(logBefore);
  });

  it('keeps the GM layer in the secrets doc only, and refuses it to players', () => {
    const docs = seeded();
    const id = idOf(draw(docs, GM, 'gm'));
    expect(readDrawings(docs.secrets).map((d) => [d.id, d.layer])).toEqual([[id, 'gm']]);
    expect(rootsOf(docs.public).drawings.size).toBe(0);
    expect(draw(docs, ANA, 'gm')).toEqual({ ok: false, reason: 'only the GM draws on the GM layer' });
    expect(rootsOf(docs.public).drawings.size).toBe(0);
  });

  it("keys a player's drawings by their channel, with their colour, never the GM's", () => {
    const docs = seeded();
    idOf(draw(docs, ANA, 'table', 'Pat'));
    idOf(draw(docs, ANA, 'table', 'Pat'));
    idOf(draw(docs, BO, 'table', 'Sam'));
    const [a1, a2, b] = readDrawings(docs.public).sort(
      (x, y) => x.author.name.localeCompare(y.author.name) || 0,
    );
    expect(a1!.author.key).toBe('a11a00000001');
    expect(a1!.author).toEqual(a2!.author);
    expect(a1!.author.name).toBe('Pat');
    expect(b!.author.key).not.toBe(a1!.author.key);
    expect(a1!.color).toBe(authorColour(a1!.author.key));
    expect(a1!.color).not.toBe(GM_DRAWING_COLOUR);
  });

  it('draws nothing for a player when the table cannot tell who they are (no channel)', () => {
    const docs = seeded();
    const result = applyIntent(docs, ANA, { kind: 'draw', shape: LINE, layer: 'table' }, fixedDice([]), {
      now: 1_000,
      senderName: 'Pat',
    });
    expect(result).toEqual({
      ok: false,
      reason: 'drawings go through the server: this table cannot tell who drew them',
    });
    expect(rootsOf(docs.public).drawings.size).toBe(0);
  });

  it('refuses past MAX_DRAWINGS per layer, with what to do', () => {
    const docs = seeded();
    const filler = (i: number, layer: 'table' | 'gm'): Drawing => ({
      id: `d${i}`,
      author: { key: 'gm', name: 'GM' },
      color: GM_DRAWING_COLOUR,
      layer,
      shape: LINE,
      at: 1,
    });
    transactBoth(docs, SYSTEM_ORIGIN, () => {
      for (let i = 0; i < MAX_DRAWINGS; i++) rootsOf(docs.public).drawings.set(`d${i}`, filler(i, 'table'));
    });
    const full = { ok: false, reason: 'at most 500 drawings on the map: clear some first' };
    expect(draw(docs, ANA)).toEqual(full);
    expect(draw(docs, GM)).toEqual(full);
    // The GM's own layer counts on its own.
    expect(draw(docs, GM, 'gm').ok).toBe(true);
  });

  it('refuses a stroke longer than MAX_STROKE_POINTS in words', () => {
    const docs = seeded();
    const points = Array.from({ length: MAX_STROKE_POINTS + 1 }, (_, i) => [i / 100, 1]);
    const result = send(docs, ANA, { kind: 'draw', shape: { kind: 'free', points }, layer: 'table' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/at most 1,000 points/);
    expect(rootsOf(docs.public).drawings.size).toBe(0);
  });
});

describe('erase-drawing and clear-drawings', () => {
  it('a player erases their own only; the GM any, on either layer', () => {
    const docs = seeded();
    const pats = idOf(draw(docs, ANA, 'table', 'Pat'));
    const sams = idOf(draw(docs, BO, 'table', 'Sam'));
    const secret = idOf(draw(docs, GM, 'gm'));
    const erase = (actor: Actor, drawingId: string, name?: string) =>
      send(docs, actor, { kind: 'erase-drawing', drawingId }, name);
    expect(erase(ANA, sams, 'Pat')).toEqual({
      ok: false,
      reason: "that is Sam's drawing: you erase your own",
    });
    // A player cannot even learn that a GM-layer drawing exists.
    expect(erase(ANA, secret, 'Pat')).toEqual({ ok: false, reason: 'that drawing is no longer on the map' });
    expect(erase(ANA, pats, 'Pat')).toEqual({ ok: true, outcome: { kind: 'erase-drawings', count: 1 } });
    expect(erase(GM, sams)).toEqual({ ok: true, outcome: { kind: 'erase-drawings', count: 1 } });
    expect(erase(GM, secret)).toEqual({ ok: true, outcome: { kind: 'erase-drawings', count: 1 } });
    expect(readDrawings(docs.public)).toEqual([]);
    expect(readDrawings(docs.secrets)).toEqual([]);
  });

  it("clear mine takes only the sender's; clear all is the GM's and takes both layers", () => {
    const docs = seeded();
    draw(docs, ANA, 'table', 'Pat');
    draw(docs, ANA, 'table', 'Pat');
    const sams = idOf(draw(docs, BO, 'table', 'Sam'));
    draw(docs, GM);
    draw(docs, GM, 'gm');
    expect(send(docs, ANA, { kind: 'clear-drawings', scope: 'mine' }, 'Pat')).toEqual({
      ok: true,
      outcome: { kind: 'erase-drawings', count: 2 },
    });
    expect(
      readDrawings(docs.public)
        .map((d) => d.author.name)
        .sort(),
    ).toEqual(['GM', 'Sam']);
    expect(readDrawings(docs.public).some((d) => d.id === sams)).toBe(true);
    expect(send(docs, BO, { kind: 'clear-drawings', scope: 'all' }, 'Sam')).toEqual({
      ok: false,
      reason: "only the GM clears everyone's drawings",
    });
    expect(send(docs, GM, { kind: 'clear-drawings', scope: 'all' })).toEqual({
      ok: true,
      outcome: { kind: 'erase-drawings', count: 3 },
    });
    expect(readDrawings(docs.public)).toEqual([]);
    expect(readDrawings(docs.secrets)).toEqual([]);
    expect(send(docs, GM, { kind: 'clear-drawings', scope: 'mine' })).toEqual({
      ok: false,
      reason: 'there are no drawings of yours to clear',
    });
  });
});

describe("the GM's direct writes and the room file", () => {
  const update = (server: Y.Doc, write: (client: Y.Doc) => void): Uint8Array => {
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    let out: Uint8Array = new Uint8Array();
    client.on('update', (u: Uint8Array) => (out = u));
    write(client);
    return out;
  };
  const drawing = (id: string, layer: 'table' | 'gm'): Drawing => ({
    id,
    author: { key: 'gm', name: 'GM' },
    color: GM_DRAWING_COLOUR,
    layer,
    shape: LINE,
    at: 1,
  });

  it('checks drawings written straight into either doc: schema, layer, key and count', () => {
    const server = new Y.Doc();
    const put = (key: string, value: unknown) => (c: Y.Doc) => rootsOf(c).drawings.set(key, value);
    expect(checkDocWrite(server, 'public', update(server, put('a', drawing('a', 'table'))))).toBeNull();
    expect(checkDocWrite(server, 'secrets', update(server, put('a', drawing('a', 'gm'))))).toBeNull();
    expect(checkDocWrite(server, 'public', update(server, put('a', drawing('a', 'gm'))))).toBe(
      "drawings.a: a drawing in this document is on the 'table' layer",
    );
    expect(checkDocWrite(server, 'public', update(server, put('b', drawing('a', 'table'))))).toBe(
      "drawings.b: id: expected 'b' (the drawing's key)",
    );
    expect(
      checkDocWrite(server, 'public', update(server, put('a', { ...drawing('a', 'table'), color: 'red' }))),
    ).toMatch(/^drawings\.a: color/);
    rootsOf(server).drawings.set('x', drawing('x', 'table'));
    for (let i = 1; i < MAX_DRAWINGS; i++) rootsOf(server).drawings.set(`d${i}`, drawing(`d${i}`, 'table'));
    expect(checkDocWrite(server, 'public', update(server, put('one', drawing('one', 'table'))))).toBe(
      'drawings: at most 500 drawings on one layer',
    );
  });

  it('exports and imports both layers', () => {
    const docs = seeded();
    const table = idOf(draw(docs, ANA, 'table', 'Pat'));
    const secret = idOf(draw(docs, GM, 'gm'));
    const file = exportRoom(docs.public, docs.secrets, 5);
    expect(file.public.drawings.map((d) => d.id)).toEqual([table]);
    expect(file.secrets.drawings.map((d) => d.id)).toEqual([secret]);
    const copy = { public: new Y.Doc(), secrets: new Y.Doc() };
    importRoom(copy.public, copy.secrets, JSON.parse(JSON.stringify(file)));
    expect(readDrawings(copy.public)).toEqual(readDrawings(docs.public));
    expect(readDrawings(copy.secrets)).toEqual(readDrawings(docs.secrets));
    // A file whose GM layer sits in the public part is refused (it would reach every player).
    const leaky = JSON.parse(JSON.stringify(file));
    leaky.public.drawings.push(file.secrets.drawings[0]);
    expect(() => importRoom(new Y.Doc(), new Y.Doc(), leaky)).toThrow(/public\.drawings\.1\.layer/);
  });
});
