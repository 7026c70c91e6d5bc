import { useState } from 'preact/hooks';
import type { EffectComponent } from '../../schema/ability';
import type { RoomModel } from '../model/RoomModel';
import { ForcedSection } from './ForcedSection';
import { TargetOption } from './TargetOption';

/** "light damage; dazed; vigor ×1 Health; push 1" — what the effect component does, in short. */
export function describeEffect(effect: EffectComponent): string {
  const parts: string[] = [];
  const dmg = effect.damage;
  if (dmg)
    parts.push(dmg.tier ? `${dmg.tier} damage${dmg.flat ? ` +${dmg.flat}` : ''}` : `${dmg.flat} damage`);
  if (effect.statuses.length)
    parts.push(`${effect.statuses.join(', ')}${effect.ongoing ? ' (ongoing)' : ''}`);
  if (effect.blights.length) parts.push(`blight ${effect.blights.join(', ')}`);
  if (effect.vigor) parts.push(`vigor ×${effect.vigor} Health`);
  if (effect.forcedMove) parts.push(`${effect.forcedMove.kind} ${effect.forcedMove.squares}`);
  if (effect.text) parts.push(`GM: ${effect.text}`);
  return parts.join('; ') || 'nothing the engine applies';
}

/**
 * The Act panel's body for a plain-effect ability: what it does, every character it could be used
 * on (the user first; others need range and line of sight, as the server checks), a "target saves
 * first" switch for abilities whose text makes the effect rely on a save, and the Use button,
 * which sends an `effect` intent.
 */
export function EffectSection({ model, actorId }: { model: RoomModel; actorId: string }) {
  const [save, setSave] = useState(false);
  const d = model.derived.value;
  const choice = d?.choice;
  const t = d?.effect;
  if (choice?.kind !== 'effect' || !t) return null;
  const state = model.combat.value;
  const ability = choice.ability;
  // No pick yet = the user itself, which is always allowed.
  const target = t.targets.find((o) => o.id === (state.targetId ?? actorId));
  const use = (): void => {
    if (!target) return;
    void model.act(`${ability.name}${target.self ? '' : ` on ${target.name}`}`, {
      kind: 'effect',
      userId: actorId,
      abilityId: choice.id,
      ...(target.self ? {} : { targetId: target.id }),
      targetSave: save,
      ...(state.shoveDirection ? { direction: state.shoveDirection } : {}),
    });
  };
  return (
    <>
      <div data-testid="effect-summary">
        {`${ability.name}: ${describeEffect(ability.effect!)} — range ${t.range}${ability.range === null ? ' (adjacent)' : ''}`}
      </div>
      {ability.description && <div class="hint">{ability.description}</div>}
      <div class="hint">Click who it is used on, on the map or in the list.</div>
      <ul class="targets" data-testid="effect-target-list" role="listbox" aria-label="Used on">
        {t.targets.map((o) => (
          <TargetOption key={o.id} model={model} id={o.id} testid={`effect-target-${o.id}`} legal={o.legal}>
            <b>{o.name}</b>
            {o.self ? ' — self' : ` — ${o.distance} sq, ${o.inSight ? 'in sight' : 'no sight'}`}
            {o.reason && <div class="reason">{o.reason}</div>}
          </TargetOption>
        ))}
      </ul>
      <label class="row">
        <input
          type="checkbox"
          data-testid="effect-target-save"
          checked={save}
          onChange={(e) => setSave(e.currentTarget.checked)}
        />{' '}
        the target saves first (the ability’s text says so)
      </label>
      <ForcedSection model={model} ability={ability} />
      <div class="act-primary">
        <button data-testid="use-effect" disabled={!target?.legal} onClick={use}>
          {target
            ? `Use ${ability.name}${target.self ? ' on self' : ` on ${target.name}`}`
            : `Use ${ability.name}`}
        </button>
      </div>
    </>
  );
}
