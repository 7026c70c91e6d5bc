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
import { endOfTurnEdgeSaves } from './edgeSave';
import { turnEndRefusal } from './turnEndRule';
import { removeByEdge } from '../../rules/edgeReturn';
import type { EdgeReturn } from '../../rules/edgeReturn';
import { defineAction } from './defineAction';

/** What the log says about coming back after an edge ("Edges"). */
const RETURN_NOTE: Record<EdgeReturn, string> = {
  'start-of-next-turn': 'comes back at the start of its next turn',
  'gm-discretion': 'the GM may bring it back at the start of its next turn',
  never: 'a mob: it does not come back',
};

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
    const leftOut = ctx.snapshot.tokens.filter((t) => t.hidden && t.side === 'foes' && t.state);
    const names = leftOut.map((t) => t.state?.name ?? t.name);
    return {
      ok: true,
      outcome: leftOut.length ? { ...outcome, hiddenLeftOut: leftOut.length } : outcome,
      diff: diffOf(ctx.snapshot, { turn: order, combatants: fresh }),
      log: [
        {
          kind: 'turn',
          actor: 'gm',
          summary: `Combat starts: round 1, ${order.roundStartSide} side first`,
          outcome,
        },
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
    log: [{ kind: 'turn', actor: 'gm', summary: `Combat ends after round ${outcome.round}`, outcome }],
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
    if (!declaredSlow) return started;
    // A slow turn declared before the slow phase: just remember the choice.
    const waiting = fighters.find((c) => c.id === self.id)!;
    const outcome = { kind: 'declare-slow' as const, tokenId: self.id, order };
    return {
      ok: true,
      outcome,
      diff: diffOf(ctx.snapshot, {
        combatants: [...roundStart, waiting],
        ...(roundStart.length ? { turn: order } : {}),
      }),
      log: [{ kind: 'turn', actor: self.id, summary: `${token.name} will take a slow turn`, outcome }],
    };
  }
  const details = started.blights ? explainDamageApplication(started.blights, token.name) : [];
  // A turn starting may trigger interrupts; every earlier offer lapses (docs/table.md).
  return offerInterrupts(
    ctx,
    { kind: 'turn-start', combatantId: self.id },
    {
      ok: true,
      outcome: started,
      diff: diffOf(ctx.snapshot, { combatants: [...roundStart, started.combatant], turn: started.order }),
      log: [
        ...(roundStart.length
          ? [{ kind: 'turn' as const, actor: 'gm', summary: `Round ${started.order.round} begins` }]
          : []),
        {
          kind: 'turn',
          actor: self.id,
          summary: `${token.name} starts ${declaredSlow || started.combatant.slowTurn ? 'a slow' : 'their'} turn (round ${started.round})`,
          details,
          outcome: started,
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
  const details = ended.saves.map((s) =>
    s.roll
      ? `save vs ${s.statusId}: ${s.roll.total} — ${s.ended ? 'ends' : 'stays'}`
      : `${s.statusId} is ongoing: no save`,
  );
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
  for (const e of edges) {
    const who = e.tokenId === token.id ? 'ends on an edge' : `${nameOf(ctx, e.tokenId)} is on an edge`;
    details.push(
      `${who}: save ${e.roll.total} — ` +
        (e.removed
          ? `removed from play (${RETURN_NOTE[e.returns]})`
          : `steps back to (${e.to!.x},${e.to!.y})`),
    );
  }
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
        { kind: 'turn', actor: token.id, summary: `${token.name} ends their turn`, details, outcome },
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

export const startTurnAction = defineAction({ kind: 'start-turn', roles: 'any', resolve: startTurnIntent });
export const endTurnAction = defineAction({ kind: 'end-turn', roles: 'any', resolve: endTurnIntent });
export const startCombatAction = defineAction({
  kind: 'start-combat',
  roles: { gm: 'start combat' },
  resolve: combatIntent,
});
export const endCombatAction = defineAction({
  kind: 'end-combat',
  roles: { gm: 'end combat' },
  resolve: combatIntent,
});
