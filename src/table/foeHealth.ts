import type * as Y from 'yjs';
import { CombatantStateSchema } from '../schema/combatant';
import type { RoomSettings } from '../schema/settings';
import type { StatBlock } from '../schema/statBlock';
import { StatBlockSchema } from '../schema/statBlock';
import type { Token } from '../schema/token';
import { TokenSchema } from '../schema/token';
import { hpShownExactly, shownStateOf } from './shownState';
import type { TableDocs } from './docLayout';
import { publicRootsOf, rootsOf } from './docLayout';
import { readSettings } from './readDoc';

/* Where foes' HP is kept (room setting `foeHp`); the face players get is in ./shownState.ts. */

/** The doc a visible or hidden token's combatant state belongs in under `settings`. */
export function stateDocFor(
  docs: TableDocs,
  token: Pick<Token, 'side'>,
  hidden: boolean,
  settings: Pick<RoomSettings, 'foeHp'>,
): Y.Doc {
  if (hidden || (docs.secrets && !hpShownExactly(token, settings))) return docs.secrets ?? docs.public;
  return docs.public;
}

/** The doc that holds a token's combatant state now (the secrets doc wins when both do). */
export function stateDocOf(docs: TableDocs, tokenId: string): Y.Doc {
  if (docs.secrets && rootsOf(docs.secrets).combatants.has(tokenId)) return docs.secrets;
  return docs.public;
}

function statBlockOf(docs: TableDocs, tokenId: string): StatBlock | null {
  for (const doc of [docs.public, docs.secrets]) {
    if (!doc) continue;
    const block = StatBlockSchema.safeParse(rootsOf(doc).statBlocks.get(tokenId));
    if (block.success) return block.data;
  }
  return null;
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Inside the caller's transaction: puts one token's combatant state in the doc `foeHp` says and
 * writes (or removes) its public face. Call after any write that changes a visible token's state,
 * side, stat block or visibility; it writes nothing when all is in place already. Players' copies
 * only change with the GM's docs: without the secrets doc there is nothing to move.
 */
export function placeHealth(
  docs: TableDocs,
  tokenId: string,
  settings: Pick<RoomSettings, 'foeHp'> = readSettings(docs.public, []),
): void {
  if (!docs.secrets) return;
  const pub = rootsOf(docs.public);
  const sec = rootsOf(docs.secrets);
  const faces = publicRootsOf(docs.public).shownStates;
  const dropFace = () => faces.has(tokenId) && faces.delete(tokenId);
  const token = TokenSchema.safeParse(pub.tokens.get(tokenId));
  // Hidden (its state is the secrets doc's already), removed, or unreadable: no face.
  if (!token.success) return void dropFace();
  const publicState = pub.combatants.get(tokenId);
  const secretState = sec.combatants.get(tokenId);
  // A foe whose stat block the GM keeps hidden gets a face too: its state names its abilities.
  const statsHidden = !pub.statBlocks.has(tokenId) && sec.statBlocks.has(tokenId);
  const hpShown = hpShownExactly(token.data, settings);
  if (hpShown && !statsHidden) {
    dropFace();
    if (secretState === undefined) return;
    sec.combatants.delete(tokenId);
    pub.combatants.set(tokenId, secretState);
    return;
  }
  const raw = secretState ?? publicState;
  if (raw === undefined) return void dropFace();
  if (publicState !== undefined) pub.combatants.delete(tokenId);
  if (secretState === undefined) sec.combatants.set(tokenId, raw);
  const state = CombatantStateSchema.safeParse(raw);
  if (!state.success) return void dropFace(); // the reader reports it; nothing to show
  const face = shownStateOf(state.data, statBlockOf(docs, tokenId), settings.foeHp, {
    hp: hpShown,
    abilities: !statsHidden,
  });
  if (!sameJson(faces.get(tokenId), face)) faces.set(tokenId, face);
}

/** `placeHealth` for every token (a settings change, a seeded, imported or loaded room). */
export function placeAllHealth(docs: TableDocs, settings = readSettings(docs.public, [])): void {
  const ids = new Set([
    ...rootsOf(docs.public).tokens.keys(),
    ...publicRootsOf(docs.public).shownStates.keys(),
  ]);
  if (docs.secrets) for (const id of rootsOf(docs.secrets).combatants.keys()) ids.add(id);
  for (const id of ids) placeHealth(docs, id, settings);
}
