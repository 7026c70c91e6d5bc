import type { IntentKind } from '../../schema/intent';

/**
 * What a GM-only intent does, for the refusal a player reads: "only the GM may call an
 * interlude" rather than the wire name 'interlude'. Kinds players may send are not listed.
 */
const GM_ONLY_WORDS: Partial<Record<IntentKind, string>> = {
  'discard-result': 'discard a result',
  'adjust-hp': 'change HP directly',
  'force-move': 'push, pull or shove a character by hand',
  'add-blight': 'add a blight',
  'remove-blight': 'remove a blight',
  reveal: 'reveal a character',
  hide: 'hide a character',
  'start-combat': 'start combat',
  'end-combat': 'end combat',
  interlude: 'call an interlude',
  'new-expedition': 'start a new expedition',
};

/** "only the GM may start combat". */
export function onlyTheGm(kind: IntentKind): string {
  return `only the GM may ${GM_ONLY_WORDS[kind] ?? kind.replace(/-/g, ' ')}`;
}
