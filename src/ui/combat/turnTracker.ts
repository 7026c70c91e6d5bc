import type { Combatant } from '../../schema/combatant';
import type { StatusCatalog } from '../../schema/status';
import { isOutOfAction } from '../../rules/health';
import { actionsPerTurn, effectiveSpeed, statusPrevents, takesSlowTurn } from '../../rules/statuses';
import type { TurnState } from '../../rules/turnOrder';
import { turnState } from '../../rules/turnOrder';
import type { RoomSnapshot } from '../../table/snapshot';
import { combatantOf } from '../../table/snapshot';
import { healthText } from './healthText';

const healthOf = (snapshot: RoomSnapshot, id: string): string => {
  const token = snapshot.tokensById[id];
  return token ? healthText(token) : '';
};

/** One combatant's line in the tracker. */
export interface TrackerRow {
  id: string;
  name: string;
  side: 'party' | 'foes';
  /** 'acting' now, 'may-act' (its side is up and it is a candidate), 'waiting', 'acted', 'out'. */
  status: 'acting' | 'may-act' | 'waiting' | 'acted' | 'out';
  slow: boolean;
  hp: number;
  maxHp: number | null;
  /** "HP 12/40", or what players may know of a foe's HP ("bloodied", "HP not shown"). */
  health: string;
  /** Resolve built up this combat (player characters; null for foes, who have no Limit Breaks). */
  resolve: number | null;
}

/** One side's heading in the tracker: is it up, who is acting, who may still act this round. */
export interface TrackerSide {
  side: 'party' | 'foes';
  up: boolean;
  /** "Party · up now · Ranger is acting · still to act: Sage"; just "Party" out of combat. */
  line: string;
}

/** What the turn tracker shows. */
export interface TrackerView {
  inCombat: boolean;
  round: number;
  state: TurnState | null;
  /** "Party's turn: choose who acts" and the like. */
  headline: string;
  /** Party first, then foes, each by name: the order never changes as turns pass (dead end 10). */
  rows: TrackerRow[];
  /** One heading per side, in the rows' order. */
  sides: TrackerSide[];
}

const SIDES = ['party', 'foes'] as const;
const SIDE_TITLE = { party: 'Party', foes: 'Foes' } as const;
const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * A stable order people can find themselves in: party above foes, names as people count ("Husk 2"
 * before "Husk 10"), never by who has acted, so rows do not jump between turns.
 */
function trackerOrder(a: TrackerRow, b: TrackerRow): number {
  return (
    SIDES.indexOf(a.side) - SIDES.indexOf(b.side) ||
    byName.compare(a.name, b.name) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** The heading of each side: whether it is up, who is acting, who may still act this round. */
function sideLines(rows: readonly TrackerRow[], state: TurnState | null): TrackerSide[] {
  return SIDES.map((side) => {
    const up = (state?.kind === 'turn' || state?.kind === 'choose') && state.side === side;
    if (!state) return { side, up, line: SIDE_TITLE[side] };
    const mine = rows.filter((r) => r.side === side);
    const acting = mine.find((r) => r.status === 'acting');
    const toAct = mine.filter((r) => r.status === 'may-act' || r.status === 'waiting').map((r) => r.name);
    const parts = [
      SIDE_TITLE[side],
      up ? 'up now' : null,
      acting ? `${acting.name} is acting` : null,
      toAct.length ? `still to act: ${toAct.join(', ')}` : acting ? null : 'all done this round',
    ];
    return { side, up, line: parts.filter(Boolean).join(' · ') };
  });
}

/**
 * Foes the GM has not revealed yet that would fight (they have combatant state): "Start combat"
 * leaves them out of the turn order until revealed. Empty for players, who never receive them.
 */
export function hiddenFoes(snapshot: RoomSnapshot): { id: string; name: string }[] {
  return snapshot.tokens
    .filter((t) => t.hidden && t.side === 'foes' && t.combatant && t.state)
    .map((t) => ({ id: t.id, name: t.state?.name ?? t.name }))
    .sort((a, b) => byName.compare(a.name, b.name));
}

/** Combatants in the turn order: visible tokens with state (hidden foes join when revealed). */
function fighters(snapshot: RoomSnapshot) {
  return snapshot.tokens.filter((t) => !t.hidden && t.combatant && t.state).map((t) => t.state!);
}

/**
 * The turn tracker (rulebook: Turn order): whose side is up, who may still act, slow turns, the
 * round. Uses the rules engine's `turnState`, so it always agrees with what the server accepts.
 */
export function trackerView(snapshot: RoomSnapshot): TrackerView {
  const order = snapshot.turn;
  const list = fighters(snapshot);
  if (!order) {
    const rows: TrackerRow[] = list.map((c) => ({
      id: c.id,
      name: c.name,
      side: c.side,
      status: isOutOfAction(c) ? 'out' : 'waiting',
      slow: false,
      hp: c.hp,
      maxHp: snapshot.tokensById[c.id]?.maxHp ?? null,
      health: healthOf(snapshot, c.id),
      resolve: resolveOf(c, snapshot.tokensById[c.id]?.statBlock),
    }));
    rows.sort(trackerOrder);
    return {
      inCombat: false,
      round: 0,
      state: null,
      headline: 'Not in combat',
      rows,
      sides: sideLines(rows, null),
    };
  }
  const catalog = snapshot.statusCatalog;
  const state = turnState(order, list, catalog, snapshot.settings);
  const sideName = (s: 'party' | 'foes'): string => (s === 'party' ? 'Party' : 'Foes');
  const nameOf = (id: string): string => list.find((c) => c.id === id)?.name ?? id;
  let headline: string;
  switch (state.kind) {
    case 'turn':
      headline = `${nameOf(state.currentId)} is acting (${sideName(state.side)})`;
      break;
    case 'choose':
      headline = `${sideName(state.side)} side is up${state.phase === 'slow' ? ' (slow turns)' : ''}: ${
        state.side === 'party' ? 'players choose' : 'the GM chooses'
      } who acts`;
      break;
    case 'round-over':
      headline = `Round ${state.round} is over: ${sideName(state.nextRoundStartSide)} side starts the next`;
      break;
    case 'combat-over':
      headline = state.winner ? `Combat is over: ${sideName(state.winner)} win` : 'Combat is over';
      break;
  }
  const candidates = state.kind === 'choose' ? state.candidates : [];
  const rows: TrackerRow[] = list.map((c) => ({
    id: c.id,
    name: c.name,
    side: c.side,
    status: isOutOfAction(c)
      ? 'out'
      : order.currentId === c.id
        ? 'acting'
        : order.acted.includes(c.id)
          ? 'acted'
          : candidates.includes(c.id)
            ? 'may-act'
            : 'waiting',
    slow: takesSlowTurn(c, catalog),
    hp: c.hp,
    maxHp: snapshot.tokensById[c.id]?.maxHp ?? null,
    health: healthOf(snapshot, c.id),
    resolve: resolveOf(c, snapshot.tokensById[c.id]?.statBlock),
  }));
  rows.sort(trackerOrder);
  return { inCombat: true, round: order.round, state, headline, rows, sides: sideLines(rows, state) };
}

/** What the acting character has left this turn (rulebook: Actions on a turn; Attacks; Interrupts). */
export interface ActionsLeft {
  actions: number;
  actionsPerTurn: number;
  movementLeft: number;
  speed: number;
  moveSpent: boolean;
  attackUsedThisRound: boolean;
  /** Why attacks or interrupts are forbidden by a status, if they are. */
  cannotAttack: string | null;
  cannotInterrupt: string | null;
  /** Interrupt abilities with uses left since this character's last turn ("Interrupt X"). */
  interrupts: { name: string; left: number; of: number }[];
  /** Names of abilities/actions used this turn (no repeats unless limited). */
  usedThisTurn: string[];
  /** Resolve for Limit Breaks (player characters; null for foes). */
  resolve: number | null;
}

/** Resolve shown for a character: player characters only (foes have no Limit Breaks). */
function resolveOf(c: { resolve: number }, statBlock: { kind: string } | null | undefined): number | null {
  return statBlock?.kind === 'pc' ? c.resolve : null;
}

export function actionsLeft(combatant: Combatant, catalog: StatusCatalog): ActionsLeft {
  const perTurn = actionsPerTurn(combatant, catalog);
  const speed = effectiveSpeed(combatant, catalog);
  const prevents = statusPrevents(combatant, catalog);
  return {
    actions: Math.max(0, perTurn - combatant.turn.actionsUsed),
    actionsPerTurn: perTurn,
    movementLeft: combatant.turn.moveSpent ? 0 : Math.max(0, speed - combatant.turn.movementUsed),
    speed,
    moveSpent: combatant.turn.moveSpent,
    attackUsedThisRound: combatant.attackedThisRound,
    cannotAttack: prevents.attacks,
    cannotInterrupt: prevents.interrupts,
    interrupts: combatant.statBlock.abilities
      .filter((a) => a.tags.interrupt !== null)
      .map((a) => ({
        name: a.name,
        of: a.tags.interrupt!,
        left: Math.max(0, a.tags.interrupt! - (combatant.interruptsSinceTurn[a.name] ?? 0)),
      })),
    usedThisTurn: Object.keys(combatant.turn.used).filter((k) => (combatant.turn.used[k] ?? 0) > 0),
    resolve: resolveOf(combatant, combatant.statBlock),
  };
}

/** Actions left of a token by id, when this reader knows its stat block. */
export function actionsLeftOf(snapshot: RoomSnapshot, tokenId: string): ActionsLeft | null {
  const token = snapshot.tokensById[tokenId];
  const full = token ? combatantOf(token) : null;
  return full ? actionsLeft(full, snapshot.statusCatalog) : null;
}
