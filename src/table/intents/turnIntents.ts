import type { IntentOf } from '../../schema/intent';
import type { Combatant } from '../../schema/combatant';
import type { TurnOrder } from '../../schema/turnOrder';
import { endCombat } from '../../rules/health';
import { resetForRound, resetForTurn } from '../../rules/actionEconomy';
import { startTurnOrder, turnState } from '../../rules/turnOrder';
import { endTurn, startRound, startTurn } from '../../rules/turnSteps';
import { explainDamageApplication } from '../../rules/explainOutcome';
import { diffOf } from '../tableDiff';
import { offerInterrupts } from './interruptOffers';
import type { IntentHandler } from './IntentContext';
import { combatantOfToken, commandedToken, refuse } from './IntentContext';
import { fightingCombatants, nameOf } from './combatants';
import { edgeSaveDetail, endOfTurnEdgeSaves, narrateEdgeSave } from './edgeSave';
import { turnEndRefusal } from './turnEndRule';
import { removeByEdge } from '../../rules/edgeReturn';
import { defineAction } from './defineAction';
import type { Narrate, Narrators } from './narration';
import { narrated, plain } from './narration';

/** GM: start combat (round 1, a PC first by default) or end it (blights, statuses, vigor clear). */
export const combatIntent: IntentHandler<IntentOf<'start-combat' | 'end-combat'>> = (ctx, intent) => {
  const fighters = fightingCombatants(ctx);
  if (intent.kind === 'start-combat') {
    if (ctx.snapshot.turn) return refuse('combat is already running');
    const order = startTurnOrder(ctx.snapshot.settings.firstSide);
    const fresh = fighters.map((c) => resetForTurn(resetForRound(c)));
    const outcome = { kind: 'start-combat' as const, order };
    // Foes still hidden sit out until revealed: the GM is told who (a GM-only line, names and
    // count kept from players), so "Start combat" never leaves them out silently.
    const leftOut = ctx.snapshot.tokens.filter(
      (t) => t.hidden && t.outOfSight === undefined && t.side === 'foes' && t.state,
    );
    const names = leftOut.map((t) => t.state?.name ?? t.name);
    return {
      ok: true,
      outcome: leftOut.length ? { ...outcome, hiddenLeftOut: leftOut.length } : outcome,
      diff: diffOf(ctx.snapshot, { turn: order, combatants: fresh }),
      log: [
        {
          kind: 'turn',
          actor: 'gm',
          ...narrated(ctx, narrateStartCombat, outcome),
          outcome,
        },
        // No outcome of its own (the names are the GM's alone): its words stay here.
        ...(leftOut.length
          ? [
              {
                kind: 'turn' as const,
                actor: 'gm',
                summary: `Left out of combat until revealed: ${names.join(', ')}`,
                gmOnly: true,
              },
            ]
          : []),
      ],
    };
  }
  if (!ctx.snapshot.turn) return refuse('no combat is running');
  const cleared = fighters.map(endCombat);
  const outcome = { kind: 'end-combat' as const, round: ctx.snapshot.turn.round };
  return {
    ok: true,
    outcome,
    diff: diffOf(ctx.snapshot, { turn: null, combatants: cleared }),
    log: [{ kind: 'turn', actor: 'gm', ...narrated(ctx, narrateEndCombat, outcome), outcome }],
  };
};

/**
 * Choose who acts ("Turn order": the side that is up picks). With `slow`, the combatant declares
 * a slow turn; it starts now only if the slow turns have begun, otherwise it waits.
 */
export const startTurnIntent: IntentHandler<IntentOf<'start-turn'>> = (ctx, intent) => {
  const token = commandedToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const self = combatantOfToken(token);
  if ('ok' in self) return self;
  let order = ctx.snapshot.turn;
  if (!order) return refuse('no combat is running');
  let fighters = fightingCombatants(ctx);
  const roundStart: Combatant[] = [];
  if (turnState(order, fighters, ctx.snapshot.statusCatalog, ctx.snapshot.settings).kind === 'round-over') {
    const next = startRound(order, fighters, ctx.snapshot.settings);
    order = next.order;
    fighters = next.combatants;
    roundStart.push(...next.combatants);
  }
  const declaredSlow = intent.slow && !fighters.find((c) => c.id === self.id)?.slowTurn;
  // "At the start of a combat, the start of a round…" (setting `slowTurnDeclaredAt`).
  const roundStarted = order.acted.length > 0 || order.currentId !== null;
  if (declaredSlow && roundStarted && ctx.snapshot.settings.slowTurnDeclaredAt === 'round-start')
    return refuse(
      `${token.name} cannot choose a slow turn now: slow turns are chosen at the start of combat or of a round, before anyone has taken a turn`,
    );
  if (declaredSlow) fighters = fighters.map((c) => (c.id === self.id ? { ...c, slowTurn: true } : c));
  const started = startTurn(order, fighters, self.id, ctx.snapshot.settings);
  if ('ok' in started) {
    // A slow turn declared before the slow phase: just remember the choice (a fighter's only: a
    // hidden foe is not in the fight).
    const waiting = fighters.find((c) => c.id === self.id);
    if (!declaredSlow || !waiting) return started;
    const outcome = { kind: 'declare-slow' as const, tokenId: self.id, order };
    return {
      ok: true,
      outcome,
      diff: diffOf(ctx.snapshot, {
        combatants: [...roundStart, waiting],
        ...(roundStart.length ? { turn: order } : {}),
      }),
      log: [{ kind: 'turn', actor: self.id, ...narrated(ctx, narrateDeclareSlow, outcome), outcome }],
    };
  }
  const outcome = { ...started, slow: Boolean(declaredSlow || started.combatant.slowTurn) };
  // A turn starting may trigger interrupts; every earlier offer lapses (docs/table.md).
  return offerInterrupts(
    ctx,
    { kind: 'turn-start', combatantId: self.id },
    {
      ok: true,
      outcome,
      diff: diffOf(ctx.snapshot, { combatants: [...roundStart, started.combatant], turn: started.order }),
      log: [
        // The round's own line carries no outcome: its words stay here.
        ...(roundStart.length
          ? [{ kind: 'turn' as const, actor: 'gm', summary: `Round ${started.order.round} begins` }]
          : []),
        {
          kind: 'turn',
          actor: self.id,
          ...narrated(ctx, narrateStartTurn, outcome),
          outcome,
        },
      ],
    },
  );
};

/** End the current turn: one save per status, then the order moves on (a new round when all acted). */
export const endTurnIntent: IntentHandler<IntentOf<'end-turn'>> = (ctx, intent) => {
  const token = commandedToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const order: TurnOrder | null = ctx.snapshot.turn;
  if (!order) return refuse('no combat is running');
  if (order.currentId !== token.id)
    return refuse(`not your turn: it is ${nameOf(ctx, order.currentId)}'s turn`);
  const fighters = fightingCombatants(ctx);
  const self = fighters.find((c) => c.id === token.id);
  const stuck = self ? turnEndRefusal(ctx, self, token.name) : null;
  if (stuck) return stuck;
  const ended = endTurn(order, fighters, ctx.dice, ctx.snapshot.settings);
  if ('ok' in ended) return ended;
  const catalog = ctx.snapshot.statusCatalog;
  const afterStatusSaves = fighters.map((c) => (c.id === ended.combatant.id ? ended.combatant : c));
  // "Edges": everyone on an edge saves at the end of ANY turn, the one whose turn ended first.
  const edges = endOfTurnEdgeSaves(ctx, afterStatusSaves, token.id);
  // A failed save removes the character from play (rules `removeByEdge`: who comes back when).
  const afterSaves = afterStatusSaves.map((c) => {
    const failed = edges.find((e) => e.tokenId === c.id && e.removed);
    const at = failed && ctx.snapshot.tokensById[c.id]?.cell;
    return at ? removeByEdge(c, at) : c;
  });
  const endedState = afterSaves.find((c) => c.id === ended.combatant.id) ?? ended.combatant;
  /** The ending character's own edge save (kept for older readers of the outcome). */
  const edge = edges.find((e) => e.tokenId === token.id) ?? null;
  const roundOver = turnState(ended.order, afterSaves, catalog, ctx.snapshot.settings).kind === 'round-over';
  const next = roundOver ? startRound(ended.order, afterSaves, ctx.snapshot.settings) : null;
  const outcome = { ...ended, edge, edges, nextRound: next ? next.order.round : null };
  // The turn's offers lapse; a turn ending may trigger interrupts (docs/table.md).
  return offerInterrupts(
    ctx,
    { kind: 'turn-end', combatantId: token.id },
    {
      ok: true,
      outcome,
      diff: diffOf(ctx.snapshot, {
        combatants: [
          endedState,
          // Others an edge removed from play this turn (rules `removeByEdge`).
          ...afterSaves.filter(
            (c) => c.id !== endedState.id && edges.some((e) => e.removed && e.tokenId === c.id),
          ),
          ...(next ? next.combatants : []),
        ],
        cells: edges.flatMap((e) => (e.to ? [{ tokenId: e.tokenId, cell: e.to }] : [])),
        turn: next ? next.order : ended.order,
      }),
      log: [
        { kind: 'turn', actor: token.id, ...narrated(ctx, narrateEndTurn, outcome), outcome },
        // The new round's line carries no outcome (its starting side is not in it): words stay here.
        ...(next
          ? [
              {
                kind: 'turn' as const,
                actor: 'gm',
                summary: `Round ${next.order.round} begins: ${next.order.roundStartSide} side first`,
              },
            ]
          : []),
      ],
    },
  );
};

/** "Combat starts: round 1, pcs side first". */
export const narrateStartCombat: Narrate<'start-combat'> = (o) =>
  plain(`Combat starts: round ${o.order.round}, ${o.order.roundStartSide} side first`);

/** "Combat ends after round 3". */
export const narrateEndCombat: Narrate<'end-combat'> = (o) => plain(`Combat ends after round ${o.round}`);

/** "Ana will take a slow turn" (declared before the slow turns begin). */
export const narrateDeclareSlow: Narrate<'declare-slow'> = (o, words) =>
  plain(`${words.name(o.tokenId)} will take a slow turn`);

/** "Ana starts their turn (round 2)", with what her blights dealt under it. */
export const narrateStartTurn: Narrate<'start-turn'> = (o, words) => {
  const name = words.name(o.combatantId);
  return plain(
    `${name} starts ${o.slow ? 'a slow' : 'their'} turn (round ${o.round})`,
    o.blights ? explainDamageApplication(o.blights, name) : [],
  );
};

/**
 * "Ana ends their turn", one line per status save ("save vs dazed: 12 — ends") and per edge save
 * ("Ruin Drake is on an edge: save 7 — removed from play (…)"), the ending character's first.
 */
export const narrateEndTurn: Narrate<'end-turn'> = (o, words) =>
  plain(`${words.name(o.combatantId)} ends their turn`, [
    ...o.saves.map((s) =>
      s.roll
        ? `save vs ${s.statusId}: ${s.roll.total} — ${s.ended ? 'ends' : 'stays'}`
        : `${s.statusId} is ongoing: no save`,
    ),
    ...o.edges.map((e) => edgeSaveDetail(e, o.combatantId, words)),
  ]);

/** Start and end combat share one registry line, so one set of narrators. */
const combatNarrators: Narrators<'start-combat' | 'end-combat'> = {
  'start-combat': narrateStartCombat,
  'end-combat': narrateEndCombat,
};

export const startTurnAction = defineAction({
  kind: 'start-turn',
  roles: 'any',
  resolve: startTurnIntent,
  narrate: { 'start-turn': narrateStartTurn, 'declare-slow': narrateDeclareSlow },
});
export const endTurnAction = defineAction({
  kind: 'end-turn',
  roles: 'any',
  resolve: endTurnIntent,
  narrate: { 'end-turn': narrateEndTurn, 'edge-save': narrateEdgeSave },
});
export const startCombatAction = defineAction<'start-combat'>({
  kind: 'start-combat',
  roles: { gm: 'start combat' },
  resolve: combatIntent,
  narrate: combatNarrators,
});
export const endCombatAction = defineAction<'end-combat'>({
  kind: 'end-combat',
  roles: { gm: 'end combat' },
  resolve: combatIntent,
  narrate: combatNarrators,
});
