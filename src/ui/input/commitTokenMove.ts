import type { CellXY } from '../editorTools';
import { pathForRefusal } from '../moveRules';
import type { SceneToken } from '../Scene';
import type { TableSession } from '../TableSession';
import { gmMoveRule } from './gmMoveRule';

export type StatusFn = (text: string, kind?: 'ok' | 'refused' | 'info') => void;

/** A token's move as a gesture asks for it: a drop at the end of a drag, or one arrow key. */
export interface MoveRequest {
  readonly token: SceneToken;
  /** The footprint's new north-west square. */
  readonly to: CellXY;
  /** The previewed path (squares entered) and its cost, when the drop was inside the reach. */
  readonly path?: readonly CellXY[];
  readonly cost?: number;
  /** Shift held: the GM asks for a free placement (gmMoveRule). */
  readonly free: boolean;
}

/**
 * Carries out a move the way this viewer may make it: players (and the GM with the acting
 * character in combat) send the `move` intent, which the server checks and logs; the GM places
 * freely out of combat, places with a log line when Shift is held in combat, and is told why not
 * otherwise (src/ui/input/gmMoveRule.ts). 'refused' = the token stays where it was.
 */
export async function commitTokenMove(
  session: TableSession,
  req: MoveRequest,
  status: StatusFn,
): Promise<'moved' | 'refused'> {
  const { token, to } = req;
  const where = `(${to.x}, ${to.y})`;
  const scene = session.scene();
  const gm = session.viewer.role === 'gm' ? session.gm : undefined;
  const rule = gm ? gmMoveRule(scene, token, req.free) : ({ kind: 'rules' } as const);
  if (rule.kind === 'refuse') {
    status(rule.reason, 'refused');
    return 'refused';
  }
  if (rule.kind !== 'rules' && gm) {
    // Checked here too so the status line never claims a placement the writer refused.
    const { width, height } = scene.map;
    if (to.x < 0 || to.y < 0 || to.x + token.size > width || to.y + token.size > height) {
      status(`${token.name} does not fit at ${where}: the map is ${width}×${height} squares`, 'refused');
      return 'refused';
    }
    // Said first: if the writer refuses, its reason replaces this line (TableScreen's guardGm).
    if (rule.kind === 'place-logged') {
      status(`${token.name} placed at ${where}: a free placement, logged for everyone`, 'ok');
      gm.placeFreely(token.id, to);
    } else {
      status(`${token.name} placed at ${where}${req.cost !== undefined ? `, cost ${req.cost}` : ''}`, 'ok');
      gm.moveToken(token.id, to);
    }
    return 'moved';
  }
  const path = req.path ?? pathForRefusal(scene, token.id, to);
  status(`Moving ${token.name}…`, 'info');
  const result = await session.move(token.id, path);
  if (!result.ok) {
    status(`Move refused: ${result.reason}`, 'refused');
    return 'refused';
  }
  status(`${token.name} moved to ${where}, cost ${req.cost ?? '?'}`, 'ok');
  return 'moved';
}
