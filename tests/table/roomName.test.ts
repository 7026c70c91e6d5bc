import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { checkDocWrite } from '../../src/table/checkDocWrite';
import { createGmUndoManager } from '../../src/table/createGmUndoManager';
import { readSnapshot } from '../../src/table/snapshot';
import { TableWriteError } from '../../src/table/writers/locateToken';
import { setRoomName } from '../../src/table/writers/roomWriters';
import { MAX_NAME_CHARS } from '../../src/schema/limits';
import { mapOf, party, pc, room } from './fixtures';

const roomName = (docs: { public: Y.Doc; secrets: Y.Doc }) =>
  readSnapshot(docs.public, docs.secrets).roomName;

/** What the GM's page would send the server for `write`, checked by the server's rule. */
function serverVerdict(docs: { public: Y.Doc }, write: () => void): string | null | 'nothing sent' {
  const server = new Y.Doc();
  Y.applyUpdate(server, Y.encodeStateAsUpdate(docs.public));
  const updates: Uint8Array[] = [];
  const keep = (update: Uint8Array) => updates.push(update);
  docs.public.on('update', keep);
  try {
    write();
  } finally {
    docs.public.off('update', keep);
  }
  if (updates.length === 0) return 'nothing sent';
  return checkDocWrite(server, 'public', Y.mergeUpdates(updates));
}

describe('renaming the room (the GM, from the room panel)', () => {
  const seeded = () => room({ map: mapOf(['....', '....']), party: party(pc('Ana')) });

  it('writes the tidied name for everyone, one undo step, and the server accepts it', () => {
    const docs = seeded();
    const before = roomName(docs);
    const undo = createGmUndoManager(docs);
    let written = '';
    expect(serverVerdict(docs, () => (written = setRoomName(docs, '  The   Sunken\nKeep\t')))).toBeNull();
    expect(written).toBe('The Sunken Keep');
    expect(roomName(docs)).toBe('The Sunken Keep');
    // The same name again writes nothing: no empty step in the GM's undo history.
    expect(serverVerdict(docs, () => setRoomName(docs, 'The Sunken Keep '))).toBe('nothing sent');
    expect(undo.undo()).toBe(true);
    expect(roomName(docs)).toBe(before);
  });

  it('refuses an empty name and one past the bound, in words, writing nothing', () => {
    const docs = seeded();
    const before = roomName(docs);
    const refusal = (name: string) => {
      try {
        expect(serverVerdict(docs, () => setRoomName(docs, name))).toBe('nothing sent');
      } catch (error) {
        if (error instanceof TableWriteError) return error.message;
        throw error;
      }
      return 'accepted';
    };
    expect(refusal('   \n ')).toBe('A room needs a name: type one first');
    expect(refusal('x'.repeat(MAX_NAME_CHARS + 1))).toBe(
      `A room's name is at most ${MAX_NAME_CHARS} characters; this one has ${MAX_NAME_CHARS + 1}`,
    );
    expect(roomName(docs)).toBe(before);
    // At the bound it is written, and the server's meta rule takes it.
    expect(serverVerdict(docs, () => setRoomName(docs, 'y'.repeat(MAX_NAME_CHARS)))).toBeNull();
    expect(roomName(docs)).toBe('y'.repeat(MAX_NAME_CHARS));
  });
});
