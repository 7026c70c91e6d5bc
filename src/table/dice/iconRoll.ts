import type { Dice } from '../../lib/dice';
import { rollSave, SAVE_TARGET } from '../../rules/rollSave';
import type { ChatRoll, IconRoll, RollPart } from '../../schema/chat';
import { MAX_BOONS } from '../../schema/limits';
import type { RollModifier } from '../../schema/modifier';
import type { Refusal } from '../intents/IntentContext';
import { refuse } from '../intents/IntentContext';

/**
 * The ICON shorthands in chat (docs/rules.md "Rolling in chat"): `save`, `2 boons`, `1 curse`,
 * `save 2 boons 1 curse +1`. A save is the table's own save roll (src/rules/rollSave.ts: 1d20 ±
 * the highest d6 of the net boons or curses, success on 10+); without `save` the same roll is a
 * check, with no success line. Boons and curses cancel before any d6 is rolled
 * (src/rules/boonsCurses.ts), so the chat and the automation can never disagree.
 */

/** Largest flat bonus either way (the schema's bound on IconRoll.bonus). */
const MAX_FLAT_BONUS = 99;

/** What the words ask for. */
interface IconAsk {
  save: boolean;
  boons: number;
  curses: number;
  bonus: number;
}

/** Text that is an ICON shorthand: the word `save`, or boon(s)/curse(s), as words of their own. */
const SHORTHAND = /(?:^|[^a-z])(?:save|boons?|curses?)(?![a-z])/i;

/**
 * The words a shorthand may hold, read left to right from where the last one stopped. A sign
 * before a boon or curse only joins it ("d20 + 2 boons"); before a plain number it is the bonus.
 */
const SPACE = /[\s,]+/y;
const SAVE = /save(?![a-z0-9])/y;
const D20 = /1?d20(?![a-z0-9])/y;
const FILLER = /(?:and|with)(?![a-z0-9])/y;
const TERM = /(?:[+-]\s*)?(\d+)?\s*(boon|curse)s?(?![a-z0-9])/y;
const FLAT = /([+-])\s*(\d+)(?![a-z0-9])/y;

/**
 * Rolls an ICON shorthand with `dice`. `undefined` when `text` is not one (dice notation is
 * then the notation roller's); a refusal when it is one that cannot be read or is out of bounds.
 */
export function iconRoll(text: string, dice: Dice): ChatRoll | Refusal | undefined {
  const asked = text.trim();
  if (!SHORTHAND.test(asked)) return undefined;
  const ask = readShorthand(asked);
  if ('ok' in ask) return ask;

  const modifiers: RollModifier[] = [];
  if (ask.boons > 0) modifiers.push(chatModifier('boon', ask.boons));
  if (ask.curses > 0) modifiers.push(chatModifier('curse', ask.curses));
  const roll = rollSave(modifiers, dice);
  const { net, d6, value } = roll.boonsCurses;
  const total = roll.total + ask.bonus;
  const icon: IconRoll = {
    save: ask.save,
    net,
    d20: roll.d20,
    d6,
    bonus: ask.bonus,
    total,
    ...(ask.save ? { success: total >= SAVE_TARGET } : {}),
  };

  const parts: RollPart[] = [
    { notation: '1d20', dice: [{ sides: 20, value: roll.d20, kept: true, marks: '' }] },
  ];
  if (net !== 0) {
    // The d6 that counts is the first of the highest; the others are shown as the library shows
    // a dropped die ("d"), so a chat line reads the same for `2 boons` and `2d6kh1`.
    const kept = d6.indexOf(Math.abs(value));
    const count = Math.abs(net);
    parts.push(
      { text: net > 0 ? ' + ' : ' - ' },
      {
        notation: `${count} ${net > 0 ? 'boon' : 'curse'}${count === 1 ? '' : 's'}`,
        dice: d6.map((face, index) => ({
          sides: 6,
          value: face,
          kept: index === kept,
          marks: index === kept ? '' : 'd',
        })),
      },
    );
  }
  if (ask.bonus !== 0) parts.push({ text: ask.bonus > 0 ? ` + ${ask.bonus}` : ` - ${-ask.bonus}` });
  return { notation: asked, parts, total, icon };
}

/** The words of a shorthand, or a refusal naming the bound or the way to write it. */
function readShorthand(asked: string): IconAsk | Refusal {
  const text = asked.toLowerCase();
  const ask: IconAsk = { save: false, boons: 0, curses: 0, bonus: 0 };
  const unreadable = refuse(`“${asked}” is not an ICON roll: try save 2 boons, or 1 curse`);
  let at = 0;
  const match = (pattern: RegExp): RegExpExecArray | null => {
    pattern.lastIndex = at;
    const found = pattern.exec(text);
    if (found) at = pattern.lastIndex;
    return found;
  };
  while (at < text.length) {
    if (match(SPACE) || match(D20) || match(FILLER)) continue;
    if (match(SAVE)) {
      if (ask.save) return unreadable;
      ask.save = true;
      continue;
    }
    const term = match(TERM);
    if (term) {
      const count = term[1] === undefined ? 1 : Number(term[1]);
      if (term[2] === 'boon') ask.boons += count;
      else ask.curses += count;
      if (ask.boons > MAX_BOONS) return refuse(`at most ${MAX_BOONS} boons`);
      if (ask.curses > MAX_BOONS) return refuse(`at most ${MAX_BOONS} curses`);
      continue;
    }
    const flat = match(FLAT);
    if (flat) {
      ask.bonus += (flat[1] === '-' ? -1 : 1) * Number(flat[2]);
      continue;
    }
    return unreadable;
  }
  if (Math.abs(ask.bonus) > MAX_FLAT_BONUS)
    return refuse(`a flat bonus is at most ${MAX_FLAT_BONUS} either way`);
  return ask;
}

/** A boon or curse asked for in chat, in the shape the save rule takes. */
function chatModifier(kind: 'boon' | 'curse', count: number): RollModifier {
  return { kind, count, source: 'gm', reason: 'asked for in chat' };
}
