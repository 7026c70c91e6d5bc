import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportRoom } from '../../src/table/roomFile';
import {
  MAX_ROOM_FILE_BYTES,
  parseRoomFile,
  ROOM_FILE_SUFFIX,
  roomFileName,
  serializeRoomFile,
} from '../../src/ui/roomFile';
import { encounter, foe, mapOf, party, pc, room } from '../table/fixtures';

/** A real export (seeded room, the server's own exporter): one visible PC, one hidden foe. */
function exportedText(): string {
  const docs = room({
    map: mapOf(['......', '..~~..', '......'], ['000000', '002200', '000000'], 'Pit'),
    party: party(pc('Ana')),
    encounter: encounter([{ id: 'orc', statBlock: foe('Orc'), cell: { x: 5, y: 2 } }], [{ x: 0, y: 0 }]),
    name: 'Night at the pit',
  });
  return serializeRoomFile(exportRoom(docs.public, docs.secrets, Date.UTC(2026, 10, 21, 6, 5)));
}

describe('room file name for an export', () => {
  it('keeps the room name readable and adds .icon-vtt.json', () => {
    expect(roomFileName('Skirmish in the arena')).toBe('Skirmish in the arena.icon-vtt.json');
    expect(roomFileName('Act 2: "The Gate" / night')).toBe('Act 2- -The Gate- - night.icon-vtt.json');
    expect(roomFileName('  ..hidden.  ')).toBe('hidden.icon-vtt.json');
    expect(roomFileName('a\tb\nc')).toBe('a b c.icon-vtt.json');
    expect(roomFileName('')).toBe('room.icon-vtt.json');
    expect(roomFileName('???')).toBe('room.icon-vtt.json');
    expect(roomFileName('x'.repeat(300))).toBe('x'.repeat(100) + ROOM_FILE_SUFFIX);
  });

  it('never yields a hidden file, a path or a character file systems refuse', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 150 }), (name) => {
        const file = roomFileName(name);
        expect(file.endsWith(ROOM_FILE_SUFFIX)).toBe(true);
        const base = file.slice(0, -ROOM_FILE_SUFFIX.length);
        expect(base.length).toBeGreaterThan(0);
        expect(base.length).toBeLessThanOrEqual(100);
        // eslint-disable-next-line no-control-regex
        expect(base).not.toMatch(/[/\\:*?"<>|\u0000-\u001f\u007f]/);
        expect(base).not.toMatch(/^[.\s]|[.\s]$/);
      }),
    );
  });
});

describe('checking an uploaded room file in the page', () => {
  it('accepts an export and sums it up', () => {
    const parsed = parseRoomFile(exportedText(), 'pit.icon-vtt.json');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.summary).toBe(
      'Room “Night at the pit”: map “Pit” 6×3, 2 tokens (1 hidden), exported 2026-11-21 06:05 UTC.',
    );
    expect(parsed.file.public.map.heights[1]).toBe('002200');
    expect(parsed.data).toEqual(JSON.parse(exportedText()));
  });

  it('names the file and the JSON path of every problem', () => {
    const data = JSON.parse(exportedText()) as {
      public: { tokens: Array<{ cell: { x: number } }> };
      secrets: { tokens: Array<{ id: string }> };
    };
    data.public.tokens[0]!.cell.x = -1;
    data.secrets.tokens[0]!.id = 'ana';
    const parsed = parseRoomFile(JSON.stringify(data), 'bad.icon-vtt.json');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.split('\n')).toEqual([
      'bad.icon-vtt.json:',
      '  public.tokens.0.cell.x: at least 0',
      "  secrets.tokens.0.id: token 'ana' is both visible and hidden",
    ]);
  });

  it('reports a cross-field problem alone with its path', () => {
    const data = JSON.parse(exportedText()) as { secrets: { tokens: Array<{ id: string }> } };
    data.secrets.tokens[0]!.id = 'ana';
    const parsed = parseRoomFile(JSON.stringify(data), 'twice.icon-vtt.json');
    expect(parsed).toEqual({
      ok: false,
      error: "twice.icon-vtt.json:\n  secrets.tokens.0.id: token 'ana' is both visible and hidden",
    });
  });

  it('refuses a map file, broken JSON and a file over the server limit before posting', () => {
    const map = parseRoomFile(JSON.stringify(mapOf(['..'])), 'arena.json');
    expect(map.ok).toBe(false);
    if (!map.ok) expect(map.error).toContain('kind: ');
    const broken = parseRoomFile('{"kind": "room",', 'cut.icon-vtt.json');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.error).toMatch(/^cut\.icon-vtt\.json: not valid JSON \(/);
    const big = parseRoomFile(' '.repeat(MAX_ROOM_FILE_BYTES + 1), 'big.icon-vtt.json');
    expect(big).toEqual({
      ok: false,
      error: 'big.icon-vtt.json: the file is over 8 MB; at most 8 MB',
    });
  });
});
