import { describe, expect, it } from 'vitest';
import { createStartState } from '../../../src/ui/start/startState';
import type { MapData } from '../../../src/schema/map';

const mapOf = (name: string, width: number, height: number): MapData =>
  ({
    schemaVersion: 1,
    kind: 'map',
    name,
    width,
    height,
    cells: Array.from({ length: height }, () => '.'.repeat(width)),
    heights: Array.from({ length: height }, () => '0'.repeat(width)),
    destructible: [],
  }) as MapData;

const catalog = {
  maps: [
    { file: 'arena.json', map: mapOf('Arena', 12, 10) },
    { file: 'ruins.json', map: mapOf('Ruins', 24, 18) },
  ],
  encounters: [
    { file: 'ambush.json', name: 'Ambush', map: 'ruins.json', needs: { width: 20, height: 17 } },
    { file: 'lost.json', name: 'Lost map fight', map: 'gone.json', needs: { width: 18, height: 4 } },
  ],
  parties: [],
};

describe('the start page says when the encounter does not fit the chosen map, before any room', () => {
  it('its own map fits: nothing to say, Create stays on', () => {
    const s = createStartState(catalog);
    s.chooseEncounter('ambush.json');
    expect(s.fitProblem.value).toBe('');
  });

  it('an uploaded map too small for it: the sizes in words', () => {
    const s = createStartState(catalog);
    s.chooseEncounter('ambush.json');
    s.uploaded.value = mapOf('Closet', 5, 4);
    expect(s.fitProblem.value).toBe(
      '“Ambush” needs a map of at least 20×17: its foes and party starts stand that far out. This map is 5×4: choose the encounter’s own map or another encounter.',
    );
  });

  it('an encounter whose map is not listed, on the default map that is too narrow', () => {
    const s = createStartState(catalog);
    s.chooseEncounter('lost.json');
    expect(s.fitProblem.value).toContain('needs a map of at least 18×4');
    expect(s.fitProblem.value).toContain('This map is 12×10');
  });
});
