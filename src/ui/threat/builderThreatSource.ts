import { makeBattlefield } from '../../grid/battlefield';
import { createCombatant } from '../../rules/createCombatant';
import { SAMPLE_PC } from '../../rules/samples';
import type { CellData } from '../../schema/cell';
import type { EncounterFoe } from '../../schema/encounter';
import type { MapData } from '../../schema/map';
import { DEFAULT_ROOM_SETTINGS } from '../../schema/settings';
import { partyStartId, partyStartName } from './partyStartName';
import type { ThreatSource } from './threatView';

/** What the encounter builder holds: its map, the foes with their shown names, the party starts. */
export interface BuilderTable {
  readonly map: MapData;
  readonly chapter: number;
  readonly foes: readonly EncounterFoe[];
  readonly names: readonly string[];
  readonly partyStarts: readonly CellData[];
}

/**
 * The builder's threat input (docs/ui.md "Threat map"): its foes as they would start, before
 * combat, with the room's default settings; on each party start a stand-in party character with
 * the sample fighter's numbers (Defense, Armor, Speed), so danger shows how a typical character
 * starting there would fare. Hidden foes count: only the GM sees the builder.
 */
export function builderThreatSource(table: BuilderTable): ThreatSource {
  const settings = DEFAULT_ROOM_SETTINGS;
  const foes = table.foes.map((f, i) => ({
    id: f.id,
    name: table.names[i] ?? f.statBlock.name,
    side: 'foes' as const,
    cell: f.cell,
    combatant: createCombatant(f.statBlock, { id: f.id, name: table.names[i] ?? f.statBlock.name }),
    incapacitated: false,
  }));
  const party = table.partyStarts
    .filter(
      (c) =>
        !table.foes.some(
          (f) =>
            c.x >= f.cell.x &&
            c.x < f.cell.x + f.statBlock.size &&
            c.y >= f.cell.y &&
            c.y < f.cell.y + f.statBlock.size,
        ),
    )
    .map((cell, i) => ({
      id: partyStartId(i),
      name: partyStartName(i),
      side: 'party' as const,
      cell,
      combatant: createCombatant({ ...SAMPLE_PC, name: partyStartName(i) }, { id: partyStartId(i) }),
      incapacitated: false,
    }));
  const characters = [...foes, ...party];
  const bf = makeBattlefield(
    table.map,
    characters.map((c) => ({ id: c.id, cell: c.cell, size: c.combatant.statBlock.size, side: c.side })),
    table.chapter,
    settings,
  );
  return { input: { bf, settings, catalog: settings.statuses, turn: null }, characters };
}
