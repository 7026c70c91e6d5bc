import type { Scene, SceneToken } from '../Scene';

/**
 * What a GM's drag (or arrow key) does with a token:
 * - `place`: a write, no rules, no log line (out of combat; hidden tokens, which are left out of
 *   the fight until revealed; tokens with no combat state, such as props);
 * - `place-logged`: in combat with Shift held, a free placement the log reports
 *   ("placed by the GM"), so players know why the token jumped;
 * - `rules`: in combat, the acting character moves by the `move` intent: the server checks the
 *   path and spends its movement, as for a player;
 * - `refuse`: in combat, anyone else: ICON's turn order lets only the acting character move.
 */
export type GmMove =
  { kind: 'place' } | { kind: 'place-logged' } | { kind: 'rules' } | { kind: 'refuse'; reason: string };

export function gmMoveRule(scene: Scene, token: SceneToken, free: boolean): GmMove {
  const turn = scene.turn;
  if (!turn || token.hidden || token.hp === undefined) return { kind: 'place' };
  if (free) return { kind: 'place-logged' };
  if (turn.currentId === token.id) return { kind: 'rules' };
  const anyway = `hold Shift to place ${token.name} anyway (the log will say so).`;
  const acting = turn.currentId ? scene.tokens.find((t) => t.id === turn.currentId) : undefined;
  return {
    kind: 'refuse',
    reason: acting
      ? `Only the acting character moves: it is ${acting.name}'s turn. ${anyway[0]!.toUpperCase()}${anyway.slice(1)}`
      : `Only the acting character moves, and nobody is acting: start ${token.name}'s turn first, or ${anyway}`,
  };
}
