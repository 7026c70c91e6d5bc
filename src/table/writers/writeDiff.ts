import { writeTurnOrder } from '../vision/turnSight';
import type { TableDiff } from '../../schema/tableDiff';
import { issueSentences } from '../../schema/issueSentence';
import { TokenSchema } from '../../schema/token';
import { TurnOrderSchema } from '../../schema/turnOrder';
import type { TableDocs } from '../docLayout';
import { InterruptOffersSchema } from '../../schema/interruptOffer';
import { cellKey, CombatantStateSchema, publicRootsOf, rootsOf } from '../docLayout';
import { locateToken, requireSecrets, TableWriteError, tokenName } from './locateToken';
import { placeHealth, stateDocOf } from '../foeHealth';
import { MapCellPaintSchema, MapRowSchema } from '../mapContent';

/** The space code of one square as the doc holds it now (its paint, else its row). */
function spaceCodeAt(docs: TableDocs, x: number, y: number): string {
  const pub = publicRootsOf(docs.public);
  const painted = MapCellPaintSchema.safeParse(pub.mapPaint.get(cellKey(x, y)));
  if (painted.success) return painted.data.code;
  const row = MapRowSchema.safeParse(pub.mapRows.get(String(y)));
  const code = row.success ? row.data.cells[x] : undefined;
  if (code === undefined) throw new TableWriteError(`(${x},${y}) is outside the map`);
  return code;
}

/**
 * Writes a diff's `after` values (src/schema/tableDiff.ts) — to undo, pass `reverseDiff(diff)`.
 * Every value is computed and validated first, from the docs as they are now; the returned
 * function then writes them all, so call it inside the caller's ONE transaction (per doc) and
 * nothing is half-written when a value is bad. Combatant fields the diff does not name keep their
 * current value (a new round's reset stays when an earlier attack is taken back).
 */
export function prepareDiffWrite(docs: TableDocs, diff: TableDiff): () => void {
  const writes: (() => void)[] = [];
  for (const change of diff.tokens) {
    const { doc } = locateToken(docs, change.tokenId);
    const roots = rootsOf(doc);
    if (change.state) {
      // Where the state is kept: a foe's HP may be the GM's only (room setting `foeHp`).
      const combatants = rootsOf(stateDocOf(docs, change.tokenId)).combatants;
      const current = (combatants.get(change.tokenId) ?? {}) as Record<string, unknown>;
      const next = CombatantStateSchema.safeParse({ ...current, ...change.state.after, id: change.tokenId });
      if (!next.success)
        throw new TableWriteError(`${tokenName(docs, change.tokenId)} — ${issueSentences(next.error)}`);
      writes.push(() => {
        combatants.set(change.tokenId, next.data);
        placeHealth(docs, change.tokenId);
      });
    }
    if (change.cell) {
      const token = TokenSchema.parse(roots.tokens.get(change.tokenId));
      const cell = { x: change.cell.after.x, y: change.cell.after.y };
      writes.push(() => roots.tokens.set(change.tokenId, { ...token, cell }));
    }
  }
  const pub = publicRootsOf(docs.public);
  for (const c of diff.terrain) {
    const key = cellKey(c.x, c.y);
    const hp = c.destructibleHp.after;
    writes.push(() => (hp === null ? pub.destructible.delete(key) : pub.destructible.set(key, hp)));
    // Terrain lowered by damage: the square's height is painted like the editor's brush, so the
    // map, sight and reach every reader builds follow in the same transaction.
    if (c.height) {
      const paint = MapCellPaintSchema.parse({ code: spaceCodeAt(docs, c.x, c.y), height: c.height.after });
      writes.push(() => pub.mapPaint.set(key, paint));
    }
  }
  for (const change of diff.offers ?? []) {
    // A GM-only offer lives in the secrets doc, whatever doc its token is in (docs/table.md).
    const doc = change.gmOnly ? requireSecrets(docs, 'a GM-only interrupt offer') : docs.public;
    const offers = rootsOf(doc).offers;
    const after = InterruptOffersSchema.parse(change.after);
    writes.push(() => (after.length ? offers.set(change.tokenId, after) : offers.delete(change.tokenId)));
  }
  if (diff.turn) {
    const order = diff.turn.after === null ? null : TurnOrderSchema.parse(diff.turn.after);
    writes.push(() => writeTurnOrder(docs, order));
  }
  return () => {
    for (const write of writes) write();
  };
}
