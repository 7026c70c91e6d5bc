import type { Ability } from '../../schema/ability';
import { DIRECTION_8_NAMES, Direction8Schema } from '../../schema/forcedMove';
import type { RoomModel } from '../model/RoomModel';
import { forcedSpecOf, swapsPlaces } from './forcedMovePreview';

const PAST = { push: 'pushes', pull: 'pulls', shove: 'shoves' } as const;

/**
 * The Act panel's forced-movement part (docs/table.md "Forced movement"): what the ability does
 * ("pushes 1 square"), the shove's direction picker, and, once a target is picked, where it
 * would end up and the fall damage, as the server will compute it. The map shows the path and a
 * ghost of the token on its end square (CombatOverlay `forced`). An ability that swaps its user
 * and target says so, and with a target picked whether they would (`swapPreviewsFor`).
 */
export function ForcedSection({ model, ability }: { model: RoomModel; ability: Ability }) {
  const spec = forcedSpecOf(ability);
  const swaps = swapsPlaces(ability);
  if (!spec && !swaps) return null;
  const state = model.combat.value;
  const previews = model.derived.value?.forced ?? [];
  return (
    <>
      {spec && (
        <div data-testid="forced-kind">
          {`${ability.name} ${PAST[spec.kind]} ${spec.squares} square${spec.squares === 1 ? '' : 's'}`}
        </div>
      )}
      {swaps && <div data-testid="swap-kind">{`${ability.name}: its user and target swap places`}</div>}
      {spec?.kind === 'shove' && (
        <label class="row">
          Shove{' '}
          <select
            data-testid="shove-direction"
            value={state.shoveDirection ?? ''}
            onChange={(e) =>
              model.update({ shoveDirection: Direction8Schema.safeParse(e.currentTarget.value).data ?? null })
            }
          >
            <option value="">choose a direction</option>
            {DIRECTION_8_NAMES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      {previews.map((f, i) => (
        <div key={i} data-testid="forced-preview" class="hint">
          {`${f.when}: ${f.text}${f.damage > 0 ? ' (before armor)' : ''}`}
        </div>
      ))}
      {(model.derived.value?.swaps ?? []).map((w, i) => (
        <div key={`swap-${i}`} data-testid="swap-preview" class="hint">
          {`${w.when}: ${w.text}`}
        </div>
      ))}
    </>
  );
}
