import type { LogEntry } from '../../schema/logEntry';
import { fullOutcome } from '../../schema/outcome';
import type { ReplayRecord } from '../../schema/replay';
import type { TableState } from '../snapshot';

/** What an action is called in a sentence, by intent kind ("Ana's move", "the GM's start of combat"). */
const ACTION_WORDS: Readonly<Record<string, string>> = {
  move: 'move',
  'undo-move': 'taken-back move',
  attack: 'attack',
  area: 'area ability',
  effect: 'ability',
  save: 'save',
  'start-turn': 'turn start',
  'end-turn': 'turn end',
  'drink-elixir': 'elixir',
  surrender: 'surrender',
  'apply-result': 'applied result',
  'discard-result': 'discarded result',
  'adjust-hp': 'HP change',
  'force-move': 'forced move',
  'add-status': 'status',
  'remove-status': 'status removal',
  'add-blight': 'blight',
  'remove-blight': 'blight removal',
  reveal: 'reveal',
  hide: 'hiding',
  'start-combat': 'start of combat',
  'end-combat': 'end of combat',
  'return-to-play': 'return to play',
  interlude: 'interlude',
  'new-expedition': 'new expedition',
  'interrupt-offer': 'interrupt offer',
  'edit-sheet': 'sheet edit',
  'set-portrait': 'portrait',
};

const BASIC: Readonly<Record<string, string>> = {
  'basic-melee': 'basic melee attack',
  'basic-heavy': 'basic melee attack',
  'basic-ranged': 'basic ranged attack',
};

/**
 * Where an entry stands, as the start of a verdict sentence: "Round 3, Brannoc's Shield Bash",
 * "Out of combat, the GM's reveal". Names come from the table the entry was resolved on (its
 * record); an entry without one is quoted.
 */
export function entryPlace(entry: LogEntry, state: TableState | null, record: ReplayRecord | null): string {
  // Without a record there is no table to name from: the line's own words.
  if (!state) return `“${entry.summary.length > 100 ? `${entry.summary.slice(0, 99)}…` : entry.summary}”`;
  const round = state.turn ? `Round ${state.turn.round}` : 'Out of combat';
  const who = entry.actor === 'gm' ? "the GM's" : `${state.tokensById[entry.actor]?.name ?? entry.actor}'s`;
  return `${round}, ${who} ${actionWords(entry, record)}`;
}

function actionWords(entry: LogEntry, record: ReplayRecord | null): string {
  const outcome = fullOutcome(entry.outcome);
  if (outcome && 'ability' in outcome && typeof outcome.ability === 'string') return outcome.ability;
  const intent = record?.intent as { kind?: unknown; abilityId?: unknown; action?: unknown } | undefined;
  if (typeof intent?.abilityId === 'string') return BASIC[intent.abilityId] ?? intent.abilityId;
  if (intent?.kind === 'basic-action' && typeof intent.action === 'string') return intent.action;
  const kind = typeof intent?.kind === 'string' ? intent.kind : (outcome?.kind ?? entry.kind);
  return Object.hasOwn(ACTION_WORDS, kind) ? ACTION_WORDS[kind]! : kind.replace(/-/g, ' ');
}
