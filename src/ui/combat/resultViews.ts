import type { SaveRoll } from '../../schema/rollRecord';
import type { Outcome, OutcomeKind, OutcomeOf } from '../../schema/outcome';
import type { ResultLine } from './resultView';
import { untouchedByArea } from '../../rules/areaOptions';
import { attackResultView, effectView, traceLines } from './resultView';

/** Names a token id as the reader knows it (the snapshot's name, or the id when it is gone). */
export type Names = (id: string) => string;

/**
 * The result card's lines for one kind of outcome: the numbers it holds, labelled (the entry's
 * sentence, written once by the server, stays the card's headline).
 */
export type ResultView<K extends OutcomeKind> = (outcome: OutcomeOf<K>, names: Names) => ResultLine[];

const at = (c: { x: number; y: number }) => `(${c.x},${c.y})`;
/** "1 square", "3 squares". */
const squares = (n: number) => `${n} square${n === 1 ? '' : 's'}`;
const line = (label: string, value: string | number, testid?: string): ResultLine =>
  testid ? { label, value: String(value), testid } : { label, value: String(value) };

/** A save's d20, its boons or curses and the total against 10. */
function saveLines(roll: SaveRoll, label = 'Save'): ResultLine[] {
  const bc = roll.boonsCurses;
  const boons = bc.net === 0 ? '' : `, d6 [${bc.d6.join(', ')}] → ${bc.value > 0 ? '+' : ''}${bc.value}`;
  return [line(label, `d20 ${roll.d20}${boons} = ${roll.total}: ${roll.success ? 'success' : 'failure'}`)];
}

/** An attack roll's trace (a single attack's, or an area's attack part): dice, modifiers, effects. */
function attackLines(o: Parameters<typeof attackResultView>[0], names: Names): ResultLine[] {
  const view = attackResultView(o, names);
  return [...traceLines(view.roll), ...view.modifiers, ...view.effects.flatMap((e) => e.lines)];
}

/** Squares moved and what the way did (falls, dangerous ground). */
function movementLines(o: OutcomeOf<'move'> | OutcomeOf<'forced-move'>): ResultLine[] {
  return [
    ...o.events.map((e) =>
      e.kind === 'fall'
        ? line('Fall', `${e.levels} level${e.levels === 1 ? '' : 's'} at ${at(e.cell)}`)
        : e.kind === 'dangerous'
          ? line('Dangerous ground', `${e.damage} damage at ${at(e.cell)}`)
          : line('Edge', `steps onto the edge at ${e.cells.map(at).join(', ')}`),
    ),
    ...o.damage.map((d) => line('Damage taken', `${d.application.hpLost} HP`)),
  ];
}

/**
 * One view per outcome kind. The record's type makes a kind without its view a compile error:
 * a kind added to src/schema/actionSchemas.ts is answered here.
 */
export const RESULT_VIEWS: { readonly [K in OutcomeKind]: ResultView<K> } = {
  attack: (o, names) => attackLines(o, names),
  area: (o, names) => [
    line('Pattern', o.pattern),
    line('Affected', o.affected.map((a) => names(a.id)).join(', ') || 'nobody'),
    ...(o.attack ? attackLines(o.attack, names) : []),
    ...o.areaEffects.flatMap((e) => effectView(e, names(e.targetId)).lines),
    ...untouchedByArea(o).map((id) =>
      line(names(id), 'in the area, no area effect', `result-untouched-${id}`),
    ),
  ],
  effect: (o, names) => [
    line('Ability', o.ability),
    line('On', names(o.targetId)),
    ...(o.save ? saveLines(o.save, `${names(o.targetId)}'s save`) : []),
    ...(o.effect ? effectView(o.effect, names(o.effect.targetId)).lines : []),
  ],
  move: (o) => [
    line('From', at(o.from)),
    line('To', at(o.to)),
    line('Cost', o.budget === null ? squares(o.cost) : `${o.cost} of ${squares(o.budget)}`),
    ...movementLines(o),
  ],
  'forced-move': (o) => [
    line(o.move[0]!.toUpperCase() + o.move.slice(1), o.text, 'result-forced'),
    line('Squares', `${o.moved} of ${o.requested}`),
    ...movementLines(o),
  ],
  'swap-places': (o, names) => [
    line('Swap', o.text, 'result-swap'),
    line(names(o.userId), `${at(o.userFrom)} → ${at(o.targetFrom)}`),
    line(names(o.targetId), `${at(o.targetFrom)} → ${at(o.userFrom)}`),
  ],
  'terrain-damage': (o) =>
    o.squares.map((s) =>
      line(
        `Square ${at(s)}`,
        `${s.damage} damage, HP ${s.hpBefore} → ${s.hpAfter}${s.destroyed ? ', destroyed' : ''}`,
      ),
    ),
  'undo-move': (o) => [
    line('Back to', at(o.to)),
    line(
      'Given back',
      `${squares(o.movementBack)}, ${o.actionsBack} action${o.actionsBack === 1 ? '' : 's'}`,
    ),
  ],
  interact: (o) => [line('Interacts', o.note || 'with something')],
  rescue: (o, names) => [line('Rescued', `${names(o.targetId)} at ${o.hp} HP`)],
  whack: (o, names) => [line('Whacked', `${names(o.targetId)}: ${o.application.hpLost} HP`)],
  save: (o) => [...saveLines(o.roll), line('Status', `${o.statusId} ${o.ended ? 'ends' : 'stays'}`)],
  'edge-save': (o) => [
    ...saveLines(o.roll, 'Edge save'),
    line('Then', o.result === 'removed-from-play' ? 'removed from play' : 'moves to the closest safe space'),
  ],
  'drink-elixir': (o) => [line('Healed', `${o.healed} HP, now ${o.hp}`)],
  surrender: () => [line('Surrenders', 'defeated, no wound')],
  'apply-result': (o) => [
    line(
      'Applied',
      o.override ? `damage ${o.override.original} → ${o.override.value} by ${o.override.by}` : 'as rolled',
    ),
  ],
  'discard-result': () => [line('Discarded', 'nothing changed')],
  'adjust-hp': (o) => [line('HP', `${o.hpBefore} → ${o.hpAfter}`)],
  'add-status': (o) => [line('Status', `${o.statusId} added`)],
  'remove-status': (o) => [line('Status', `${o.statusId} removed`)],
  'add-blight': (o) => [line('Blight', `${o.blightId} added`)],
  'remove-blight': (o) => [line('Blight', `${o.blightId} removed`)],
  reveal: () => [line('Revealed', 'now on the table')],
  hide: () => [line('Hidden', 'only the GM sees it')],
  'start-combat': (o) => [
    line('Round', o.order.round),
    line('First side', o.order.roundStartSide === 'party' ? 'the party' : 'the foes'),
  ],
  'end-combat': (o) => [line('Rounds', o.round)],
  'start-turn': (o) => [
    line('Round', o.round),
    ...(o.blights ? [line('Blights', `${o.blights.hpLost} HP`)] : []),
  ],
  'declare-slow': () => [line('Slow turn', 'acts after the others')],
  'end-turn': (o) => [
    ...o.saves.flatMap((s) => (s.roll ? saveLines(s.roll, `Save against ${s.statusId}`) : [])),
    ...o.edges.flatMap((e) => saveLines(e.roll, 'Edge save')),
    ...(o.nextRound === null ? [] : [line('Next round', o.nextRound)]),
  ],
  chat: (o) => [line(o.from, o.text)],
  roll: (o) => [line(o.roll.notation, o.roll.total)],
  draw: () => [line('Drawing', 'added')],
  'erase-drawings': (o) => [line('Erased', `${o.count} drawing${o.count === 1 ? '' : 's'}`)],
  'return-to-play': (o) => [line('Back in play', `at ${at(o.cell)}`)],
  interlude: (o, names) =>
    o.healed.map((h) => line(names(h.tokenId), `${h.wounds} wound${h.wounds === 1 ? '' : 's'} healed`)),
  'new-expedition': (o) => [line('Elixirs', `${o.elixirs} each`)],
  'interrupt-offer': (o) => [line(o.action === 'offer' ? 'Offered' : 'Declined', o.ability)],
  'edit-sheet': (o) => [line('Changed', o.changes.join(', ') || 'nothing')],
  'set-portrait': (o) => [line('Portrait', o.portrait ? 'set' : 'removed')],
  'show-handout': (o) => [line('Handout', `${o.title}, shown to ${o.to ?? 'everyone'}`)],
};

/** The card's lines for any outcome (dispatch through the checked record). */
export function resultLines(outcome: Outcome, names: Names): ResultLine[] {
  const view = RESULT_VIEWS[outcome.kind] as ResultView<typeof outcome.kind>;
  return view(outcome as never, names);
}
