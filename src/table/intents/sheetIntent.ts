import type { CharacterSheet } from '../../schema/characterSheet';
import type { IntentOf } from '../../schema/intent';
import { PlayerCharacterSchema } from '../../schema/statBlock';
import { restatHealth } from '../../rules/restatHealth';
import { issueSentences } from '../../schema/issueSentence';
import { deriveStatBlock, editRefusal } from '../../rules/characterSheet';
import { diffOf } from '../tableDiff';
import type { IntentHandler } from './IntentContext';
import { commandedToken, refuse } from './IntentContext';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { narrated, plain } from './narration';

/**
 * A sheet edit (docs/table.md "Character sheets"): the owner or the GM replaces the sheet, the
 * stat block the engine reads is derived again from it, and one log line says what changed.
 * Refused: someone else's character; a player's edit while the GM locks sheets in combat; a
 * player changing the level (the GM's); a change of current job in combat; a new rule break.
 */
export const sheetIntent: IntentHandler<IntentOf<'edit-sheet'>> = (ctx, intent) => {
  const token = commandedToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const block = token.statBlock;
  if (!block || block.kind !== 'pc') return refuse(`${token.name} is not a player character`);
  const player = ctx.actor.role === 'player';
  const inCombat = ctx.snapshot.turn !== null;
  if (player && inCombat && ctx.snapshot.settings.lockSheetsInCombat)
    return refuse('the GM has locked sheets during combat');
  const before = block.sheet;
  const after = intent.sheet;
  if (player && !before) return refuse(`${token.name} has no sheet yet: the GM gives it one`);
  if (player && before && before.level !== after.level)
    return refuse(`only the GM changes ${token.name}'s level (it follows the XP the GM awards)`);
  // "On any given expedition, you'll have selected one of your jobs": not switched mid-fight.
  if (inCombat && before && before.currentJob !== after.currentJob)
    return refuse('a current job is chosen for the whole expedition: change it out of combat');
  const name = intent.name ?? token.name;
  const broken = editRefusal(before, after, name);
  if (broken) return refuse(broken);
  const derived = PlayerCharacterSchema.safeParse(deriveStatBlock({ ...block, name, sheet: after }));
  if (!derived.success) return refuse(`${name}'s sheet — ${issueSentences(derived.error)}`);
  const changes = [
    ...(name !== token.name ? [`name: ${name}`] : []),
    ...(before ? describeChanges(before, after) : ['a new sheet']),
  ];
  // Another job's Health moves max HP: the same rule as any change of stat block in play (the
  // damage taken stays taken, wounds counted; docs/rules.md "Changing a stat block in play").
  const state = token.state;
  const restated = state && restatHealth(state, block.health, derived.data.health, ctx.snapshot.settings);
  const combatants = restated && restated !== state ? [restated] : [];
  const renamed = name !== token.name;
  const outcome = { kind: 'edit-sheet' as const, tokenId: token.id, changes, ...(renamed ? { name } : {}) };
  return {
    ok: true,
    outcome,
    diff: diffOf(ctx.snapshot, { combatants }),
    log: [
      {
        kind: player ? ('note' as const) : ('gm' as const),
        actor: token.id,
        ...narrated(ctx, narrateEditSheet, outcome),
        outcome,
      },
    ],
    statBlock: { tokenId: token.id, statBlock: derived.data, ...(renamed ? { name } : {}) },
  };
};

/** "Ana's sheet: Guard 1 active; notes", named as the edit leaves the character. */
export const narrateEditSheet: Narrate<'edit-sheet'> = (o, words) =>
  plain(
    `${o.name ?? words.name(o.tokenId)}'s sheet: ${o.changes.length ? o.changes.join('; ') : 'saved unchanged'}`,
  );

/** What changed, in a player's words, for the log line. */
function describeChanges(before: CharacterSheet, after: CharacterSheet): string[] {
  const out: string[] = [];
  if (before.level !== after.level) out.push(`level ${after.level}`);
  if (before.currentJob !== after.currentJob) out.push(`current job ${after.currentJob}`);
  if (JSON.stringify(before.jobs) !== JSON.stringify(after.jobs)) out.push('jobs');
  const old = new Map(before.abilities.map((a) => [a.ability.name, a]));
  for (const a of after.abilities) {
    const was = old.get(a.ability.name);
    const n = a.ability.name;
    if (!was) out.push(`learned ${n}`);
    else {
      if (was.active !== a.active) out.push(`${n} ${a.active ? 'active' : 'inactive'}`);
      if (was.talents !== a.talents) out.push(`${n} talents ${a.talents}`);
      if (was.masterTalent !== a.masterTalent)
        out.push(`${n} master talent ${a.masterTalent ? 'on' : 'off'}`);
      const text = (l: typeof a) => JSON.stringify([l.talentTexts, l.masterTalentText ?? null]);
      if (text(was) !== text(a)) out.push(`${n} talents written`);
    }
  }
  const now = new Set(after.abilities.map((a) => a.ability.name));
  for (const n of old.keys()) if (!now.has(n)) out.push(`forgot ${n}`);
  if (JSON.stringify(before.masteryInsteadOfJob) !== JSON.stringify(after.masteryInsteadOfJob))
    out.push('mastery instead of a job');
  if (before.notes !== after.notes) out.push('notes');
  return out;
}

export const editSheetAction = defineAction({
  kind: 'edit-sheet',
  roles: 'any',
  resolve: sheetIntent,
  narrate: { 'edit-sheet': narrateEditSheet },
});
