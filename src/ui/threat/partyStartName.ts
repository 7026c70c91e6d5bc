/** How the encounter builder's threat map names the stand-in character on a party start. */
export const partyStartName = (i: number): string => `Party start ${i + 1}`;

/** The stand-in's id (the panel's lists and the computation agree on it). */
export const partyStartId = (i: number): string => `party-start-${i + 1}`;
