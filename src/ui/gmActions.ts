import { createGmUndoManager } from '../table/createGmUndoManager';
import type { TableConnection } from '../table/client';
import { TERRAIN_CODES } from '../schema/map';
import { paintCells, resizeMap, setBackground } from '../table/writers/mapWriters';
import { replaceMap, setDoor } from '../table/writers/doorWriters';
import { updateCombatant } from '../table/writers/roomWriters';
import { restatToken } from '../table/writers/restatToken';
import {
  moveToken,
  placeToken,
  placeTokenFreely,
  quickStatBlock,
  removeToken,
  setTokenHidden,
  updateToken,
} from '../table/writers/tokenWriters';
import { duplicateToken, placeFoes } from '../table/writers/foeWriters';
import { api } from './api';
import type { GmActions } from './TableSession';

/**
 * The GM's edits of a live room through the table writers (one transaction = one undo step),
 * loaded only by a GM's page (src/ui/remoteSession.ts imports it when the session is the GM's).
 */
export function gmActionsOf(conn: TableConnection, roomId: string, token: string): GmActions {
  // The client swaps in fresh docs after a refused write: writers always use the current ones.
  let undo = createGmUndoManager(conn.docs);
  conn.onReset(() => {
    undo.destroy();
    undo = createGmUndoManager(conn.docs);
  });
  let counter = 0;
  return {
    paint: (cells, p) => {
      if (cells.length === 0) return;
      paintCells(conn.docs, cells, {
        ...(p.space ? { code: TERRAIN_CODES[p.space] } : {}),
        ...(p.height !== undefined ? { height: p.height } : {}),
      });
    },
    resize: (w, h) => resizeMap(conn.docs, w, h),
    setBackground: (bg) => setBackground(conn.docs, bg),
    placeToken: (t) => {
      const id = `token-${Date.now().toString(36)}-${(counter++).toString(36)}`;
      const combatant = t.stats !== undefined;
      placeToken(
        conn.docs,
        { id, name: t.name, cell: t.cell, size: t.size, side: t.side, ownerIds: [], combatant },
        {
          hidden: t.hidden,
          ...(t.stats
            ? { statBlock: quickStatBlock({ name: t.name, side: t.side, size: t.size, ...t.stats }) }
            : {}),
        },
      );
    },
    moveToken: (id, cell) => moveToken(conn.docs, id, cell),
    placeFreely: (id, cell) => placeTokenFreely(conn.docs, id, cell),
    setHidden: (id, hidden) => setTokenHidden(conn.docs, id, hidden),
    editToken: (id, e) => {
      const { hp, vigor, wounds, health, defense, armor, speed, attackBonus, ...tokenFields } = e;
      const statPatch = Object.fromEntries(
        Object.entries({ health, defense, armor, speed, attackBonus }).filter(([, v]) => v !== undefined),
      );
      if (Object.keys(statPatch).length) {
        const block = conn.snapshot().tokensById[id]?.statBlock;
        if (!block) throw new Error('this token has no stat block to edit');
        restatToken(conn.docs, id, { ...block, ...statPatch });
      }
      if (Object.keys(tokenFields).length) updateToken(conn.docs, id, tokenFields);
      if (hp !== undefined || vigor !== undefined || wounds !== undefined) {
        updateCombatant(conn.docs, id, (s) => ({
          ...s,
          ...(hp !== undefined ? { hp } : {}),
          ...(vigor !== undefined ? { vigor } : {}),
          ...(wounds !== undefined ? { wounds } : {}),
        }));
      }
    },
    setStatBlock: (id, block) => restatToken(conn.docs, id, block),
    removeToken: (id) => removeToken(conn.docs, id),
    placeFoes: (placement) => placeFoes(conn.docs, placement),
    duplicateToken: (id) => duplicateToken(conn.docs, id),
    setDoor: (at, closed) => setDoor(conn.docs, at, closed),
    replaceMap: (map) => {
      replaceMap(conn.docs, map);
      return true;
    },
    undo: () => undo.undo(),
    redo: () => undo.redo(),
    createInvite: (name, characterIds) => api.createInvite(roomId, token, name, characterIds),
  };
}
