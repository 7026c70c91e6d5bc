import type { Viewer } from './Scene';

/**
 * The status bar's "who you are", said as a person would: "You are the GM" (with the GM's name
 * when theirs is more than "GM"), "You are Pat, playing Maren" (the characters by their names on
 * the table, in the invite's order), "You are Pat, watching" on a spectator's link. Never an id:
 * a character not on the table's map is left out of the sentence.
 */
export function whoYouAre(viewer: Viewer & { readonly name: string }, tokens: readonly Named[]): string {
  const name = viewer.name.trim();
  if (viewer.role === 'gm')
    return name && name.toLowerCase() !== 'gm' ? `You are ${name}, the GM` : 'You are the GM';
  const you = name ? `You are ${name}` : 'You are a player';
  if (viewer.characterIds.length === 0) return `${you}, watching`;
  const names = namesOf(viewer, tokens);
  return names.length ? `${you}, playing ${spoken(names)}` : you;
}

/**
 * The status line's first message: what to do first, naming the player's characters. It does not
 * say who you are again: the status bar does, beside it (phones hide that part, and the GM's page
 * and the player's panel tell them apart there).
 */
export function openingMessage(viewer: Viewer, tokens: readonly Named[]): string {
  if (viewer.role === 'gm') return 'Drag tokens, paint the map, invite players.';
  if (viewer.characterIds.length === 0) return 'You are watching: this link commands no character.';
  const names = namesOf(viewer, tokens);
  return `Drag ${names.length ? spoken(names) : 'your character'} to move.`;
}

type Named = { readonly id: string; readonly name: string };

function namesOf(viewer: Viewer, tokens: readonly Named[]): string[] {
  return viewer.characterIds.flatMap((id) => tokens.find((t) => t.id === id)?.name ?? []);
}

/** "A", "A and B", "A, B and C". */
function spoken(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
