import type { CellData } from '../../schema/cell';
import type { MapData } from '../../schema/map';
import { MapSchema } from '../../schema/map';
import { formatIssues } from '../../schema/formatIssues';
import type { TableDocs } from '../docLayout';
import { cellKey, GM_ORIGIN, publicRootsOf } from '../docLayout';
import { readChapter, readMapContent, writeMapContent } from '../mapContent';
import { TableWriteError } from './locateToken';
import { checkTokensFit } from './mapWriters';

/** Opens or closes the door on a square (one GM write, undoable; players see it live). */
export function setDoor(docs: TableDocs, at: CellData, closed: boolean): void {
  const door = readMapContent(docs.public)?.doors?.find((d) => d.x === at.x && d.y === at.y);
  if (!door) throw new TableWriteError(`there is no door at (${at.x},${at.y})`);
  docs.public.transact(() => publicRootsOf(docs.public).doors.set(cellKey(at.x, at.y), closed), GM_ORIGIN);
}

/**
 * Replaces the whole map (an imported map file: size, squares, doors, background) in one GM
 * write, so one undo brings the old map back. Tokens stay where they are; refused, naming the
 * token, when one would end up off the new map.
 */
export function replaceMap(docs: TableDocs, map: MapData): void {
  const checked = MapSchema.safeParse(map);
  if (!checked.success) throw new TableWriteError(formatIssues(checked.error, 'the map'));
  checkTokensFit(docs, map.width, map.height);
  const chapter = readChapter(docs.public);
  docs.public.transact(() => writeMapContent(docs.public, checked.data, chapter), GM_ORIGIN);
}
