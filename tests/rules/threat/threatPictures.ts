import type { Battlefield } from '../../../src/grid';
import { SPACE, terrainOf } from '../../../src/grid';
import type { Combatant } from '../../../src/schema/combatant';
import type { RoomSettings } from '../../../src/schema/settings';
import { attackerThreat } from '../../../src/rules/threat/threatMap';
import type { TurnNow } from '../../../src/rules/threat/threatAbilities';
import { settings as roomSettings } from '../fixtures';

/**
 * What one attacker threatens, drawn one character per square: `X` the square can be the target
 * of its roll (or an area's attack space), `c` the same with cover, `a` only inside an area, letters the characters;
 * a square not threatened shows its terrain (`.` ground, `#` impassable, a digit its height).
 */
export function threatPicture(
  bf: Battlefield,
  attacker: Combatant,
  opts: { settings?: RoomSettings; turn?: TurnNow | null } = {},
): string {
  const settings = opts.settings ?? roomSettings();
  const threat = attackerThreat(
    { bf, settings, catalog: settings.statuses, turn: opts.turn ?? null },
    attacker,
  );
  const t = terrainOf(bf.map);
  const rows: string[] = [];
  for (let y = 0; y < t.height; y++) {
    let row = '';
    for (let x = 0; x < t.width; x++) {
      const k = y * t.width + x;
      const who = bf.occupants.find(
        (o) => x >= o.cell.x && x < o.cell.x + o.size && y >= o.cell.y && y < o.cell.y + o.size,
      );
      const attacked = threat.abilities.some((a) => a.squares.attack[k]! >= 0);
      const covered =
        attacked && threat.abilities.every((a) => a.squares.attack[k]! < 0 || a.squares.cover[k] === 1);
      const inArea = threat.abilities.some((a) => (a.squares.area?.[k] ?? -1) >= 0);
      if (who) row += who.id;
      else if (attacked) row += covered ? 'c' : 'X';
      else if (inArea) row += 'a';
      else if (t.type[k] === SPACE.impassable) row += '#';
      else row += t.level[k] ? String(t.level[k]) : '.';
    }
    rows.push(row);
  }
  return rows.join('\n');
}
