import type { RollModifier } from '../../schema/modifier';
import type { CombatUiState } from '../model/combatState';
import type { RoomModel } from '../model/RoomModel';

/** The GM's extra boons and curses for the next roll, as modifiers sent with the intent. */
export function gmModifiers(state: Pick<CombatUiState, 'gmBoons' | 'gmCurses'>): RollModifier[] {
  const out: RollModifier[] = [];
  if (state.gmBoons > 0)
    out.push({ kind: 'boon', count: state.gmBoons, source: 'gm', reason: 'granted by the GM' });
  if (state.gmCurses > 0)
    out.push({ kind: 'curse', count: state.gmCurses, source: 'gm', reason: 'imposed by the GM' });
  return out;
}

const clamp = (value: string): number => Math.max(0, Math.min(6, Math.trunc(Number(value)) || 0));

/** GM only: two number boxes (0–6) for extra boons and curses on the next roll; none for players. */
export function GmRollControls({ model }: { model: RoomModel }) {
  if (model.viewer.role !== 'gm') return null;
  const s = model.combat.value;
  return (
    <div class="row gm-roll">
      <CountInput
        label="GM: extra boons"
        testid="gm-boons"
        value={s.gmBoons}
        set={(gmBoons) => model.update({ gmBoons })}
      />
      <CountInput
        label="curses"
        testid="gm-curses"
        value={s.gmCurses}
        set={(gmCurses) => model.update({ gmCurses })}
      />
    </div>
  );
}

/** A labelled 0–6 box (a die count the GM adds). */
function CountInput(props: { label: string; testid: string; value: number; set: (n: number) => void }) {
  return (
    <label>
      {props.label}{' '}
      <input
        type="number"
        min={0}
        max={6}
        class="count"
        value={props.value}
        data-testid={props.testid}
        onChange={(e) => props.set(clamp(e.currentTarget.value))}
      />
    </label>
  );
}
