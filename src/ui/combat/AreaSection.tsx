import type { Intent } from '../../schema/intent';
import type { RoomModel } from '../model/RoomModel';
import { areaAttackPreview, areaEffectPreview } from './areaRollPreview';
import { formatDamage, formatHitChance, formatModifier, formatNet } from './format';
import { GmRollControls, gmModifiers } from './gmRollControls';
import { areaSharedComponents } from '../../rules/areaOptions';

/**
 * What the Act panel says about an area template: how to place it, legal or why not, the attack
 * space (picked among tied ones for a Cross without a listed range), every affected character
 * (with cover from the origin), the roll against the character in the attack space (boons/curses
 * with reasons, exact chance, damage per tier), and the Use button, which sends an `area` intent.
 */
export function AreaSection({ model, actorId }: { model: RoomModel; actorId: string }) {
  const d = model.derived.value;
  const choice = d?.choice;
  if (!d || choice?.kind !== 'area') return null;
  const s = model.combat.value;
  const pattern = choice.ability.area!;
  const hint = (
    <div class="hint">
      {pattern.primary.kind === 'arc'
        ? `Arc ${pattern.primary.size}: click squares one by one (${s.arc.length}/${pattern.primary.size}); the last is the attack space.`
        : 'Move the pointer to aim the template, click to fix it (click again to release).'}
    </div>
  );
  const a = d.area;
  if (!a) return hint;
  const r = a.result;
  const names = (id: string) =>
    d.snapshot.tokensById[id]?.state?.name ?? d.snapshot.tokensById[id]?.name ?? 'someone';
  const attacked = r.legal ? r.affected.find((x) => x.inAttackSpace) : undefined;
  const roll =
    attacked && choice.ability.attack
      ? areaAttackPreview(d.snapshot, actorId, choice.ability, attacked.id, attacked.cover)
      : null;
  const picked = s.attackSpacePick;
  const chosen =
    r.attackSpaceChoices.length > 1
      ? (r.attackSpaceChoices.find((c) => picked && c.x === picked.x && c.y === picked.y) ?? r.attackSpace)
      : null;
  const use = (): void =>
    void model.act(choice.ability.name, {
      kind: 'area',
      casterId: actorId,
      abilityId: choice.id,
      placement: a.placement as Extract<Intent, { kind: 'area' }>['placement'],
      ...(chosen ? { attackSpace: { x: chosen.x, y: chosen.y } } : {}),
      modifiers: gmModifiers(s),
    });
  return (
    <>
      {hint}
      <div data-testid="area-legal" class={r.legal ? 'legal' : 'illegal'}>
        {r.legal
          ? 'Legal placement'
          : `Illegal: ${a.incomplete ? `place ${pattern.primary.size - a.arcSquares.length} more square(s)` : (r.reason ?? 'not legal')}`}
      </div>
      {r.legal && (
        <>
          <div data-testid="area-attack-space">
            {r.attackSpace
              ? `Attack space (${r.attackSpace.x},${r.attackSpace.y})`
              : 'No character in the attack space'}
          </div>
          <div data-testid="area-affected">
            {`Affected: ${r.affected.map((x) => `${names(x.id)}${x.inAttackSpace ? ' (attack roll)' : ''}${x.cover ? ' (cover)' : ''}`).join(', ') || 'nobody'}`}
          </div>
        </>
      )}
      {attacked && roll && (
        <>
          <div data-testid="area-roll">
            {`Attack roll against ${names(attacked.id)}${roll.defense !== null ? ` (Defense ${roll.defense})` : ''}: ${formatNet(roll.net)}`}
          </div>
          {roll.modifiers.map((m, i) => (
            <div key={i} class="mod">
              {formatModifier(m)}
            </div>
          ))}
          <div data-testid="area-chance">
            {roll.chance ? formatHitChance(roll.chance) : 'Defense hidden: chance unknown'}
          </div>
          {roll.damage.map((p, i) => (
            <div key={i}>{formatDamage(p)}</div>
          ))}
        </>
      )}
      {r.legal &&
        r.affected
          .filter((hit) => !(hit.inAttackSpace && choice.ability.attack))
          .map((hit) => {
            const p = areaEffectPreview(d.snapshot, actorId, choice.ability, hit.id, hit.cover);
            return p ? (
              <div key={hit.id} data-testid={`area-effect-${hit.id}`}>
                {`${names(hit.id)}: area ${formatDamage(p)}`}
              </div>
            ) : null;
          })}
      {r.legal &&
        areaSharedComponents(choice.ability).length === 0 &&
        r.affected
          .filter((hit) => !(hit.inAttackSpace && choice.ability.attack))
          .map((hit) => (
            <div key={hit.id} data-testid={`area-untouched-${hit.id}`}>
              {`${names(hit.id)}: in the area, no area effect`}
            </div>
          ))}
      <GmRollControls model={model} />
      {chosen && (
        <div class="row" data-testid="attack-space-choices">
          Attack space:{' '}
          {r.attackSpaceChoices.map((c) => (
            <button
              key={`${c.x},${c.y}`}
              class={c.x === chosen.x && c.y === chosen.y ? 'active' : ''}
              aria-pressed={c.x === chosen.x && c.y === chosen.y}
              onClick={() => model.update({ attackSpacePick: c })}
            >
              {`(${c.x},${c.y})`}
            </button>
          ))}
        </div>
      )}
      <div class="act-primary">
        <button data-testid="use-area" disabled={!r.legal} onClick={use}>
          {`Use ${choice.ability.name}`}
        </button>
      </div>
    </>
  );
}
