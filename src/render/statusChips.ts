/**
 * The lettered chips a token shows for its statuses when `room` chips fit beside it: every
 * status when they fit, else the first ones and a last chip "+N" for the rest (issue 32: two
 * statuses on a small token showed one chip and nothing said there was a second).
 */
export function statusChipLabels(statuses: readonly string[], room: number): string[] {
  const label = (id: string) => id.slice(0, 2).toUpperCase();
  if (statuses.length <= room) return statuses.map(label);
  // The first status always shows by name; with room for one chip only, "+N" goes beside it.
  const shown = Math.max(1, room - 1);
  return [...statuses.slice(0, shown).map(label), `+${statuses.length - shown}`];
}
