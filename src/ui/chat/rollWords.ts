import type { ChatRoll, IconRoll, RolledDie } from '../../schema/chat';

/** A signed number as people write it in a roll: "+5", "−4" (a real minus sign). */
export const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * An ICON roll as a person says it: "Save: d20 14, 2 boons (d6 5, 2) +5 = 19 — success". The
 * highest d6 of the net boons is added (of the net curses, taken away); the flat bonus follows.
 */
export function iconRollWords(icon: IconRoll): string {
  const parts = [`d20 ${icon.d20}`];
  if (icon.net !== 0 && icon.d6.length > 0) {
    const best = Math.max(...icon.d6);
    const what = count(Math.abs(icon.net), icon.net > 0 ? 'boon' : 'curse');
    parts.push(`${what} (d6 ${icon.d6.join(', ')}) ${signed(icon.net > 0 ? best : -best)}`);
  }
  if (icon.bonus !== 0) parts.push(signed(icon.bonus));
  const outcome = icon.save ? (icon.success ? ' — success' : ' — failure') : '';
  return `${icon.save ? 'Save' : 'Roll'}: ${parts.join(', ')} = ${icon.total}${outcome}`;
}

/** One die as text: its value and the dice library's marks ("6!" exploded). */
export const dieText = (die: RolledDie): string => `${die.value}${die.kept ? die.marks : ''}`;

/**
 * A roll for the Markdown export: "4d6dl1+3: 4d6dl1 [~~1~~, 6!, 4, 3] + 3 = **16**" — every die,
 * dropped ones struck through; an ICON roll in words. `escape` makes the typed notation Markdown text.
 */
export function rollMarkdown(roll: ChatRoll, escape: (text: string) => string = (t) => t): string {
  if (roll.icon) return iconRollWords(roll.icon);
  const body = roll.parts
    .map((part) =>
      'text' in part
        ? escape(part.text)
        : `${escape(part.notation)} [${part.dice.map((d) => (d.kept ? dieText(d) : `~~${d.value}~~`)).join(', ')}]`,
    )
    .join('');
  return `${escape(roll.notation)}: ${body} = **${roll.total}**`;
}
