import type { ActionChoice } from './actionChoices';
import type { RoomModel } from '../model/RoomModel';
import { ForcedSection } from './ForcedSection';
import { TargetOption } from './TargetOption';
import { formatDamage, formatHitChance, formatModifier, formatNet } from './format';
import { GmRollControls, gmModifiers } from './gmRollControls';

/**
 * The Act panel's body for a single-target attack (rulebook: Attacks): the range from the
 * attacker's footprint, every possible target with distance, sight, cover, boons/curses with
 * their reasons, the exact chance to hit and the damage per tier; the GM's extra boons/curses,
 * the forced-movement part, and the Roll button, which sends an `attack` intent.
 */
export function AttackSection({
  model,
  actorId,
  choice,
}: {
  model: RoomModel;
  actorId: string;
  choice: Extract<ActionChoice, { kind: 'attack' }>;
}) {
  const d = model.derived.value;
  const t = d?.targeting;
  if (!d || !t) return null;
  const state = model.combat.value;
  const target = t.targets.find((o) => o.id === state.targetId);
  // An empty destructible square picked on the map: hit automatically (docs/rules.md).
  const cell = !target ? state.targetCell : null;
  const hp = cell ? d.snapshot.destructibleHp[`${cell.x},${cell.y}`] : undefined;
  const roll = (): void => {
    if (target)
      void model.act(`Attack on ${target.name}`, {
        kind: 'attack',
        attackerId: actorId,
        targetId: target.id,
        abilityId: choice.id,
        modifiers: gmModifiers(state),
        ...(state.shoveDirection ? { direction: state.shoveDirection } : {}),
      });
    else if (cell && hp !== undefined)
      void model.act(`Attack on the terrain at (${cell.x},${cell.y})`, {
        kind: 'attack',
        attackerId: actorId,
        targetCell: cell,
        abilityId: choice.id,
        modifiers: [],
      });
  };
  return (
    <>
      <div data-testid="attack-range">
        {`${t.kind} attack, range ${t.range} from ${d.snapshot.tokensById[actorId]?.name}'s footprint` +
          (t.kind === 'ranged'
            ? ` (+1 per level above the target; standing at height ${t.attackerElevation})`
            : '')}
      </div>
      <div class="hint">Click a target on the map or in the list.</div>
      <ul class="targets" data-testid="target-list" role="listbox" aria-label="Targets">
        {t.targets
          .filter((o) => !o.immune)
          .map((o) => {
            const c = o.context;
            return (
              <TargetOption key={o.id} model={model} id={o.id} testid={`target-row-${o.id}`} legal={c.legal}>
                <b>{o.name}</b>
                {` — ${c.distance} sq (range ${c.effectiveRange}${c.heightBonus ? `, +${c.heightBonus} height` : ''}), ` +
                  `${c.lineOfSight ? 'in sight' : 'no sight'}${c.cover ? ', cover' : ''}`}
                {!c.legal && (
                  <div class="reason" data-testid={`target-reason-${o.id}`}>
                    {c.reason ?? 'not legal'}
                  </div>
                )}
                <div data-testid={`target-net-${o.id}`}>{formatNet(o.net)}</div>
                {o.modifiers.map((m, i) => (
                  <div key={i} class="mod" data-testid={`target-mod-${o.id}`}>
                    {formatModifier(m)}
                  </div>
                ))}
                <div data-testid={`target-chance-${o.id}`}>
                  {o.chance ? formatHitChance(o.chance) : 'Defense hidden: chance unknown'}
                </div>
                {o.damage.map((p, i) => (
                  <div key={i} data-testid={`target-damage-${o.id}`}>
                    {formatDamage(p)}
                  </div>
                ))}
              </TargetOption>
            );
          })}
      </ul>
      <GmRollControls model={model} />
      <ForcedSection model={model} ability={choice.ability} />
      {cell && hp !== undefined && (
        <div data-testid="terrain-target">
          {`Terrain at (${cell.x},${cell.y}): height ${d.snapshot.map?.heights[cell.y]?.[cell.x] ?? '0'}, ${hp} HP — attacks hit it automatically; each 10 damage lowers it a level`}
        </div>
      )}
      <div class="act-primary">
        <button data-testid="roll-attack" disabled={!target && hp === undefined} onClick={roll}>
          {target
            ? `Roll ${choice.label} on ${target.name}`
            : cell && hp !== undefined
              ? `Roll ${choice.label} on the terrain at (${cell.x},${cell.y})`
              : 'Pick a target'}
        </button>
      </div>
    </>
  );
}
