import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { MAX_LOG_ENTRIES } from '../../src/schema/limits';
import { checkDocWrite } from '../../src/table/checkDocWrite';
import { publicRootsOf, rootsOf } from '../../src/table/docLayout';
import { act, GM, mapOf, party, pc, room } from './fixtures';

/**
 * A room's log and chat stop at the room file's bound, so an exported room can always be
 * imported again (docs/server.md, "Limits").
 */
describe('a room whose history reached the room file bound', () => {
  const line = (i: number) => ({ id: `c${i}`, at: 1, from: 'Kim', text: 'hello' });

  it('refuses intents with a sentence saying what to do; one line fewer still works', () => {
    const docs = room({ map: mapOf(['....', '....']), party: party(pc('Ana')) });
    const chat = publicRootsOf(docs.public).chat;
    chat.push(Array.from({ length: MAX_LOG_ENTRIES - 1 }, (_, i) => line(i)));
    expect(act(docs, GM, { kind: 'chat', text: 'the last line fits' })).toMatchObject({ ok: true });
    expect(chat.length).toBe(MAX_LOG_ENTRIES);
    expect(act(docs, GM, { kind: 'chat', text: 'one too many' })).toEqual({
      ok: false,
      reason:
        "this room's chat is full (at most 100,000 lines): export the log and start a new room for the next session",
    });
    expect(chat.length).toBe(MAX_LOG_ENTRIES);
  });

  it('refuses a GM write that would grow the log past the bound, naming it', () => {
    const server = new Y.Doc();
    const entry = (i: number) => ({ id: `l${i}`, at: 1, kind: 'note', actor: 'gm', summary: 'x' });
    rootsOf(server).log.push(Array.from({ length: MAX_LOG_ENTRIES }, (_, i) => entry(i)));
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    let update: Uint8Array = new Uint8Array();
    client.on('update', (u: Uint8Array) => (update = u));
    rootsOf(client).log.push([entry(MAX_LOG_ENTRIES)]);
    expect(checkDocWrite(server, 'public', update)).toBe('log: at most 100,000 log entries');
    rootsOf(server).log.delete(0, 1);
    expect(checkDocWrite(server, 'public', update)).toBeNull();
  });
});
