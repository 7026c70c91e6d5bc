import { useState } from 'preact/hooks';
import type { Direction8Name, ForcedMoveKindName } from '../../schema/forcedMove';
import { DIRECTION_8_NAMES, ForcedMoveKindSchema, MAX_FORCED_SQUARES } from '../../schema/forcedMove';
import type { Intent } from '../../schema/intent';
import type { RoomSnapshot, TokenView } from '../../table/snapshot';
import type { RoomModel } from '../model/RoomModel';

type Kind = ForcedMoveKindName;

/** The kinds as the menu names them (the schema lists them: src/schema/forcedMove.ts). */
const KIND_LABEL: Record<Kind, string> = { push: 'Push', pull: 'Pull', shove: 'Shove' };

/**
 * The GM's forced movement of one character (rulebook: forced movement; docs/rules.md): push or
 * pull it N squares away from / toward another character, or shove it N squares in a direction.
 * The server moves it by the same rules as an ability's push (terrain, characters, edges, falls
 * and their damage) and logs one sentence; a plain drag stays the GM's free placement. Render it
 * keyed by the token: the picks are this row's own state.
 */
export function ForceMoveControls(props: { model: RoomModel; snapshot: RoomSnapshot; token: TokenView }) {
  const { model, token } = props;
  const others = props.snapshot.tokens.filter((t) => t.id !== token.id);
  const [kind, setKind] = useState<Kind>('push');
  const [squares, setSquares] = useState('1');
  const [sourcePick, setSource] = useState<string | null>(null);
  const [direction, setDirection] = useState<Direction8Name>(DIRECTION_8_NAMES[0]);
  const [busy, setBusy] = useState(false);
  // The picked character, or the first one while none was picked (or the picked one left).
  const source = others.find((t) => t.id === sourcePick)?.id ?? others[0]?.id ?? '';
  const go = async (): Promise<void> => {
    const n = Math.trunc(Number(squares));
    if (!(n >= 1 && n <= MAX_FORCED_SQUARES))
      return model.say(`Squares: a whole number from 1 to ${MAX_FORCED_SQUARES}`, 'refused');
    const intent: Intent =
      kind === 'shove'
        ? { kind: 'force-move', tokenId: token.id, move: kind, squares: n, direction }
        : { kind: 'force-move', tokenId: token.id, move: kind, squares: n, sourceId: source };
    setBusy(true);
    await model.report(intent, `${token.name} is moved (${kind} ${n})`);
    setBusy(false);
  };
  return (
    <div class="row" data-testid="force-move-controls" role="group" aria-label="Forced move (GM)">
      {'Forced move (GM): '}
      <select
        data-testid="force-move-kind"
        aria-label="Kind of forced movement"
        value={kind}
        onChange={(e) => setKind(e.currentTarget.value as Kind)}
      >
        {ForcedMoveKindSchema.options.map((k) => (
          <option key={k} value={k}>
            {KIND_LABEL[k]}
          </option>
        ))}
      </select>{' '}
      <input
        type="number"
        min={1}
        max={MAX_FORCED_SQUARES}
        class="narrow"
        data-testid="force-move-squares"
        aria-label="Squares"
        value={squares}
        onInput={(e) => setSquares(e.currentTarget.value)}
      />
      {' squares'}
      <span hidden={kind === 'shove'}>
        {kind === 'pull' ? ' toward ' : ' away from '}
        <select
          data-testid="force-move-source"
          aria-label="From whom"
          value={source}
          onChange={(e) => setSource(e.currentTarget.value)}
        >
          {others.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </span>
      <span hidden={kind !== 'shove'}>
        {' to the '}
        <select
          data-testid="force-move-direction"
          aria-label="Direction"
          value={direction}
          onChange={(e) => setDirection(e.currentTarget.value as Direction8Name)}
        >
          {DIRECTION_8_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </span>{' '}
      <button type="button" data-testid="force-move" disabled={busy} onClick={() => void go()}>
        Move by the rules
      </button>
    </div>
  );
}
