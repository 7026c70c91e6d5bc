import type { CharacterSheet } from '../../schema/characterSheet';
import { MAX_ACTIVE_ABILITIES, MAX_TALENTS } from '../../schema/characterSheet';
import { activationRefusal, activeAbilities, gambitSlots, isGambit } from '../../rules/characterSheet';
import { MAX_NAME_CHARS, MAX_TEXT_CHARS } from '../../schema/limits';
import type { LearnedAbility, TalentText } from '../../schema/characterSheet';
import { forgotten, withAbility } from './sheetEdits';

/**
 * The learned abilities with their Active toggles, talents and master talents. A toggle the
 * rules would refuse says why BEFORE the click (aria-disabled + the reason beside it, still
 * focusable so a keyboard user hears it); clicking it anyway says the reason again, sends nothing.
 */
export function AbilityRows(props: {
  sheet: CharacterSheet;
  who: string;
  save: (next: CharacterSheet) => void;
  refuse: (reason: string) => void;
}) {
  const { sheet, who, save, refuse } = props;
  const active = activeAbilities(sheet);
  const slots = gambitSlots(sheet.level);
  const gambitsUsed = active.filter((a) => isGambit(sheet, a)).length;
  return (
    <section aria-labelledby="sheet-abilities-title">
      <h3 id="sheet-abilities-title">Abilities</h3>
      <p>
        <strong data-testid="sheet-active-count">
          {active.length} of {MAX_ACTIVE_ABILITIES} active
        </strong>
        {' · '}
        <span data-testid="sheet-gambits">
          {slots === 0
            ? 'gambit slots open at level 4'
            : `${gambitsUsed} of ${slots} gambit slot${slots === 1 ? '' : 's'} used`}
        </span>
      </p>
      {sheet.abilities.length === 0 && <p class="muted">No abilities learned yet.</p>}
      <ul class="sheet-abilities">
        {sheet.abilities.map((learned) => {
          const name = learned.ability.name;
          const why = activationRefusal(sheet, name, who);
          const gambit = isGambit(sheet, learned);
          return (
            <li key={name} data-testid={`sheet-ability-${name}`}>
              <label>
                <input
                  type="checkbox"
                  checked={learned.active}
                  aria-disabled={why ? 'true' : undefined}
                  aria-describedby={why ? `sheet-why-${name}` : undefined}
                  data-testid={`sheet-active-${name}`}
                  onClick={(e) => {
                    if (!why) return;
                    e.preventDefault();
                    refuse(why);
                  }}
                  onChange={(e) => save(withAbility(sheet, name, { active: e.currentTarget.checked }))}
                />{' '}
                <strong>{name}</strong> active
              </label>
              <span class="muted">
                {' '}
                {learned.job} ({learned.class}){gambit ? ' · gambit' : ''}
              </span>
              {why && (
                <div class="sheet-why" id={`sheet-why-${name}`} data-testid={`sheet-why-${name}`}>
                  {why}
                </div>
              )}
              <div class="row">
                <label>
                  Talents{' '}
                  <input
                    type="number"
                    min={0}
                    max={MAX_TALENTS}
                    value={String(learned.talents)}
                    data-testid={`sheet-talents-${name}`}
                    onChange={(e) => {
                      const n = Math.floor(Number(e.currentTarget.value));
                      if (!Number.isFinite(n)) return;
                      const talents = Math.max(0, Math.min(MAX_TALENTS, n));
                      // Fewer tiers: the texts of the tiers dropped go with them.
                      const texts = learned.talentTexts?.slice(0, talents);
                      save(withAbility(sheet, name, { talents, ...(texts ? { talentTexts: texts } : {}) }));
                    }}
                  />
                </label>
                <label>
                  <input
                    type="checkbox"
                    checked={learned.masterTalent}
                    data-testid={`sheet-master-${name}`}
                    onChange={(e) =>
                      save(withAbility(sheet, name, { masterTalent: e.currentTarget.checked }))
                    }
                  />{' '}
                  master talent
                </label>
                <button
                  type="button"
                  data-testid={`sheet-forget-${name}`}
                  aria-label={`Forget ${name}`}
                  onClick={() => save(forgotten(sheet, name))}
                >
                  Forget
                </button>
              </div>
              <TalentTexts learned={learned} onChange={(patch) => save(withAbility(sheet, name, patch))} />
              {learned.ability.description && <div class="muted">{learned.ability.description}</div>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Each talent tier taken and the master talent, written out by name and text (a group's own
 * words); saved when a box is left, like the notes.
 */
function TalentTexts(props: {
  learned: LearnedAbility;
  onChange: (patch: Pick<LearnedAbility, 'talentTexts'> | Pick<LearnedAbility, 'masterTalentText'>) => void;
}) {
  const { learned, onChange } = props;
  const name = learned.ability.name;
  const texts = learned.talentTexts ?? [];
  const tiers = Array.from({ length: learned.talents }, (_, i) => texts[i] ?? { name: '', text: '' });
  const entry = (label: string, value: TalentText, testid: string, set: (next: TalentText) => void) => (
    <div class="row sheet-talent" key={testid}>
      <label>
        {label}{' '}
        <input
          value={value.name}
          maxLength={MAX_NAME_CHARS}
          data-testid={`${testid}-name`}
          onChange={(e) => set({ ...value, name: e.currentTarget.value.trim() })}
        />
      </label>
      <label>
        What it does{' '}
        <input
          value={value.text}
          maxLength={MAX_TEXT_CHARS}
          data-testid={`${testid}-text`}
          onChange={(e) => set({ ...value, text: e.currentTarget.value })}
        />
      </label>
    </div>
  );
  if (tiers.length === 0 && !learned.masterTalent) return null;
  return (
    <div class="sheet-talents">
      {tiers.map((t, i) =>
        entry(`Talent ${i + 1}`, t, `sheet-talent-${name}-${i + 1}`, (next) =>
          onChange({ talentTexts: tiers.map((old, j) => (j === i ? next : old)) }),
        ),
      )}
      {learned.masterTalent &&
        entry(
          'Master talent',
          learned.masterTalentText ?? { name: '', text: '' },
          `sheet-master-text-${name}`,
          (next) => onChange({ masterTalentText: next }),
        )}
    </div>
  );
}
