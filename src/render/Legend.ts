import { cssColour, HEIGHT_COLOURS, SIDE_COLOURS, SPACE_STYLES, type PatternKind } from './heightRamp';
import { SPACE_KINDS } from './TerrainGrid';

/** One legend row: what a swatch on the battlefield means. Drawn as DOM by `src/ui/LegendPanel.ts`. */
export interface LegendEntry {
  readonly key: string;
  readonly label: string;
  readonly description: string;
  readonly fill: string;
  readonly pattern: PatternKind;
  readonly patternColour: string;
  readonly text?: string;
}

/** The legend, built from the same style tables the terrain layer draws with. */
export function legendEntries(): LegendEntry[] {
  const spaces = SPACE_KINDS.map((kind) => {
    const s = SPACE_STYLES[kind];
    return {
      key: `space-${kind}`,
      label: s.label,
      description: s.description,
      fill: cssColour(HEIGHT_COLOURS[0] ?? 0),
      pattern: s.pattern,
      patternColour: cssColour(s.colour),
    };
  });
  const heights = HEIGHT_COLOURS.slice(1).map((colour, i) => ({
    key: `height-${i + 1}`,
    label: `Height ${i + 1}`,
    description: `Terrain ${i + 1} level${i ? 's' : ''} up; +1 move per level to climb`,
    fill: cssColour(colour),
    pattern: 'none' as const,
    patternColour: '#000000',
    text: String(i + 1),
  }));
  return [
    ...spaces,
    ...heights,
    {
      key: 'destructible',
      label: 'Destructible',
      description: 'Terrain with HP (10 per level)',
      fill: cssColour(HEIGHT_COLOURS[2] ?? 0),
      pattern: 'none',
      patternColour: '#000000',
      text: '♥',
    },
    {
      key: 'side-party',
      label: 'Party',
      description: 'Player characters and allies',
      fill: cssColour(SIDE_COLOURS.party),
      pattern: 'none',
      patternColour: '#000000',
    },
    {
      key: 'side-foes',
      label: 'Foes',
      description: 'Hostile characters',
      fill: cssColour(SIDE_COLOURS.foes),
      pattern: 'none',
      patternColour: '#000000',
    },
  ];
}
