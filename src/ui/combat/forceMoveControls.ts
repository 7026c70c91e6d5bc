import { DIRECTION_8_NAMES, MAX_FORCED_SQUARES } from '../../schema/forcedMove';
import type { Intent } from '../../schema/intent';
import type { RoomSnapshot, TokenView } from '../../table/snapshot';
import { el } from '../dom';
import type { CombatHost } from './CombatHost';
import type { StatusLine } from './intentButton';

/**
 * The GM's forced movement of one character (rulebook: forced movement; docs/rules.md): push or
 * pull it N squares away from / toward another character, or shove it N squares in a direction.
 * The server moves it by the same rules as an ability's push (terrain, characters, edges, falls
 * and their damage) and logs one sentence; a plain drag stays the GM's free placement.
 */
export function forceMoveControls(
  host: CombatHost,
  status: StatusLine,
  snapshot: RoomSnapshot,
  token: TokenView,
): HTMLElement {
  const kind = el(
    'select',
    { 'data-testid': 'force-move-kind', 'aria-label': 'Kind of forced movement' },
    el('option', { value: 'push' }, 'Push'),
    el('option', { value: 'pull' }, 'Pull'),
    el('option', { value: 'shove' }, 'Shove'),
  );
  const squares = el('input', {
    type: 'number',
    min: '1',
    max: String(MAX_FORCED_SQUARES),
    value: '1',
    class: 'narrow',
    'data-testid': 'force-move-squares',
    'aria-label': 'Squares',
  });
  const source = el('select', { 'data-testid': 'force-move-source', 'aria-label': 'From whom' });
  for (const other of snapshot.tokens)
    if (other.id !== token.id) source.append(el('option', { value: other.id }, other.name));
  const direction = el('select', { 'data-testid': 'force-move-direction', 'aria-label': 'Direction' });
  for (const name of DIRECTION_8_NAMES) direction.append(el('option', { value: name }, name));
  const sourceLabel = el('span', {}, ' away from ', source);
  const directionLabel = el('span', { hidden: true }, ' to the ', direction);
  kind.onchange = () => {
    const shove = kind.value === 'shove';
    sourceLabel.hidden = shove;
    directionLabel.hidden = !shove;
    sourceLabel.firstChild!.textContent = kind.value === 'pull' ? ' toward ' : ' away from ';
  };
  const go = el('button', { 'data-testid': 'force-move' }, 'Move by the rules');
  go.onclick = async () => {
    const n = Math.trunc(Number(squares.value));
    if (!(n >= 1 && n <= MAX_FORCED_SQUARES))
      return status(`Squares: a whole number from 1 to ${MAX_FORCED_SQUARES}`, 'refused');
    const move = kind.value as 'push' | 'pull' | 'shove';
    const intent: Intent =
      move === 'shove'
        ? { kind: 'force-move', tokenId: token.id, move, squares: n, direction: direction.value as never }
        : { kind: 'force-move', tokenId: token.id, move, squares: n, sourceId: source.value };
    go.disabled = true;
    const result = await host.intent(intent);
    go.disabled = false;
    status(
      result.ok ? `${token.name} is moved (${move} ${n})` : `Refused: ${result.reason}`,
      result.ok ? 'ok' : 'refused',
    );
  };
  return el(
    'div',
    { class: 'row', 'data-testid': 'force-move-controls' },
    'Forced move (GM): ',
    kind,
    ' ',
    squares,
    ' squares',
    sourceLabel,
    directionLabel,
    ' ',
    go,
  );
}
