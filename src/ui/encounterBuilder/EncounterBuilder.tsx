import type { MapData } from '../../schema/map';
import { useComputed, useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import type { CellData } from '../../schema/cell';
import { EncounterSchema, type Encounter } from '../../schema/encounter';
import { issueSentence } from '../../schema/issueSentence';
import { MAX_NAME_CHARS } from '../../schema/limits';
import { squareName } from '../../grid/footprintFit';
import { useLibraryFoes } from '../placing/libraryFoes';
import type { PlaceableFoe } from '../placing/placingState';
import type { KeyValueStorage } from '../start/yourRooms';
import {
  dropFoes,
  firstStart,
  foeAt,
  misfitsOn,
  moveFoe,
  removeFoe,
  setFoeHidden,
  shownFoeNames,
  squareDescription,
  encounterOf,
  toggleStart,
  type Change,
  type Pieces,
} from './builderDraft';
import {
  loadMapChoices,
  mapOfEncounter,
  ROOM_MAP_KEY,
  roomMapChoice,
  type MapChoice,
} from './builderSources';
import { DropOptions, type Placing } from './DropOptions';
import { FoePicker } from './FoePicker';
import { MapGrid } from './MapGrid';
import { PlacedList } from './PlacedList';
import { StartRoomForm } from './StartRoomForm';
import type { BuilderTable } from '../threat/builderThreatSource';
import { partyStartId, partyStartName } from '../threat/partyStartName';
import { ThreatPanel } from '../threat/ThreatPanel';
import { ThreatTool } from '../threat/threatTool';

/** Chapters the rules text runs to (src/schema/encounter.ts bounds the same). */
const MAX_CHAPTER = 10;

export interface EncounterBuilderProps {
  /** The encounter to change (a new one is the library's "New encounter" template). */
  readonly initial: Encounter;
  /** A new encounter: its template's party start gives way to one chosen for the map. */
  readonly fresh: boolean;
  readonly storage: KeyValueStorage;
  readonly libraryKey: string | undefined;
  /** Inside a room: its current map, offered first (and chosen for a new encounter). */
  readonly roomMap?: () => MapData | undefined;
  readonly busy: boolean;
  /** Save as a library entry (create or update: the library panel knows which). */
  readonly onSave: (encounter: Encounter) => void;
  readonly onCancel: () => void;
}

/**
 * The encounter builder (issue 13): a map from the server's samples or the library, foes from
 * the library and the starter set dropped on a picture of it (click or tap a square, or arrow
 * keys and Enter; several copies at once), moved, removed and marked hidden; party starts; then
 * saved to the library or started as a room. Fit is checked with the room's own footprint rules
 * and refused in sentences; nothing changes on a refusal.
 */
export function EncounterBuilder({
  initial,
  fresh,
  storage,
  libraryKey,
  roomMap,
  busy,
  onSave,
  onCancel,
}: EncounterBuilderProps) {
  const [foes, reloadFoes] = useLibraryFoes();
  const maps = useSignal<MapChoice[] | undefined>(undefined);
  const mapKey = useSignal('');
  const name = useSignal(initial.name);
  const chapter = useSignal(initial.chapter);
  const pieces = useSignal<Pieces>({ foes: initial.foes, partyStarts: initial.partyStarts });
  const chosen = useSignal<PlaceableFoe | undefined>(undefined);
  const count = useSignal(1);
  // Dropped foes start visible, as in "Place foes" in a room; "hidden" is the GM's choice per foe.
  const hidden = useSignal(false);
  const placing = useSignal<Placing>('foes');
  const cursor = useSignal<CellData>({ x: 0, y: 0 });
  const movingId = useSignal<string | undefined>(undefined);
  const said = useSignal('');
  const refusal = useSignal('');
  const starting = useSignal(false);
  /** The GM set party starts by hand (or opened a saved encounter): a map change keeps them. */
  const startsChosen = useSignal(!fresh);
  const hover = useSignal<CellData | null>(null);
  // The threat map of the draft: every foe as it would start, a stand-in on each party start.
  const threat = useMemo(
    () =>
      new ThreatTool<BuilderTable>(
        () => {
          const m = maps.value?.find((c) => c.key === mapKey.value)?.map;
          const p = pieces.value;
          return m
            ? {
                map: m,
                chapter: chapter.value,
                foes: p.foes,
                names: shownFoeNames(p.foes),
                partyStarts: p.partyStarts,
              }
            : null;
        },
        (chunk, table) => chunk.builderThreatSource(table),
      ),
    [],
  );
  useEffect(() => () => threat.dispose(), [threat]);
  // The inspector follows the mouse, else the square cursor (arrow keys, a tap).
  const inspected = useComputed(() => hover.value ?? (threat.state.value.on ? cursor.value : null));

  useEffect(() => {
    const here = roomMap?.();
    void loadMapChoices(libraryKey).then((loaded) => {
      const list = here ? [roomMapChoice(here), ...loaded] : loaded;
      maps.value = list;
      chooseMap((fresh && here ? ROOM_MAP_KEY : mapOfEncounter(list, initial)?.key) ?? '', list);
    });
  }, [libraryKey]);
  // The first foe of the list is chosen until the GM picks another.
  const foe = chosen.value ?? foes[0];

  const choice = maps.value?.find((m) => m.key === mapKey.value);
  const map = choice?.map;
  const names = shownFoeNames(pieces.value.foes);
  const misfits = map ? misfitsOn(map, pieces.value) : [];
  const encounter =
    choice && encounterOf(initial, choice, { name: name.value, chapter: chapter.value }, pieces.value);
  const checked = encounter ? EncounterSchema.safeParse(encounter) : undefined;
  const problems = [
    ...misfits.map((m) => `${m}.`),
    ...(pieces.value.partyStarts.length === 0 ? ['Mark at least one square where the party starts.'] : []),
    ...(checked && !checked.success
      ? checked.error.issues.filter((i) => i.path[0] !== 'partyStarts').map(issueSentence)
      : []),
  ];
  const ready = checked?.success === true && problems.length === 0;

  const apply = (change: Change, done: (p: Pieces) => string): boolean => {
    if (!change.ok) {
      refusal.value = `${change.reason}.`;
      said.value = '';
      return false;
    }
    pieces.value = change.pieces;
    refusal.value = '';
    said.value = done(change.pieces);
    return true;
  };

  const chooseMap = (key: string, list = maps.value): void => {
    mapKey.value = key;
    const next = list?.find((m) => m.key === key)?.map;
    if (!next) return;
    cursor.value = {
      x: Math.min(cursor.value.x, next.width - 1),
      y: Math.min(cursor.value.y, next.height - 1),
    };
    // Before any foe is placed, party starts that do not fit this map give way to one that does;
    // after that they are the GM's work, and what does not fit is listed instead.
    const starts = pieces.value.partyStarts;
    if (pieces.value.foes.length > 0) return;
    const fit = misfitsOn(next, { foes: [], partyStarts: starts }).length === 0;
    if (startsChosen.value && starts.length > 0 && fit) return;
    const start = firstStart(next, { foes: [], partyStarts: [] });
    if (start) pieces.value = { ...pieces.value, partyStarts: [start] };
  };

  const onSquare = (cell: CellData): void => {
    if (!map) return;
    const at = squareName(cell);
    if (placing.value === 'starts') {
      movingId.value = undefined;
      startsChosen.value = true;
      apply(toggleStart(map, pieces.value, cell), (p) =>
        p.partyStarts.some((s) => s.x === cell.x && s.y === cell.y)
          ? `Party start at ${at}.`
          : `No party start at ${at} any more.`,
      );
      return;
    }
    const moving = movingId.value;
    const under = foeAt(pieces.value.foes, cell);
    if (moving) {
      if (under?.id === moving) {
        movingId.value = undefined;
        said.value = 'Stopped moving.';
        return;
      }
      const index = pieces.value.foes.findIndex((f) => f.id === moving);
      if (apply(moveFoe(map, pieces.value, moving, cell), () => `Moved ${names[index]} to ${at}.`))
        movingId.value = undefined;
      return;
    }
    if (under) {
      movingId.value = under.id;
      said.value = `Moving ${names[pieces.value.foes.indexOf(under)]}: choose its new square (Escape stops).`;
      return;
    }
    if (!foe) {
      refusal.value = 'Choose a foe to place first.';
      return;
    }
    const before = pieces.value.foes.length;
    apply(
      dropFoes(map, pieces.value, {
        statBlock: foe.statBlock,
        at: cell,
        count: count.value,
        hidden: hidden.value,
      }),
      (p) => {
        const shown = shownFoeNames(p.foes).slice(before);
        return `Placed ${shown.join(', ')}.`;
      },
    );
  };

  const remove = (id: string): void => {
    const gone = names[pieces.value.foes.findIndex((f) => f.id === id)];
    pieces.value = removeFoe(pieces.value, id);
    if (movingId.value === id) movingId.value = undefined;
    refusal.value = '';
    said.value = `Removed ${gone}.`;
  };

  return (
    <section
      class="encounter-builder"
      aria-labelledby="encounter-builder-title"
      data-testid="encounter-builder"
    >
      <h3 id="encounter-builder-title">Encounter builder</h3>
      <div class="row">
        <label>
          Encounter name{' '}
          <input
            aria-label="Encounter name"
            maxLength={MAX_NAME_CHARS}
            value={name.value}
            onInput={(e) => (name.value = e.currentTarget.value)}
          />
        </label>
        <label>
          Chapter{' '}
          <input
            aria-label="Chapter"
            type="number"
            min={1}
            max={MAX_CHAPTER}
            value={chapter.value}
            onInput={(e) => {
              const n = Math.floor(Number(e.currentTarget.value));
              if (Number.isFinite(n)) chapter.value = Math.min(MAX_CHAPTER, Math.max(1, n));
            }}
          />
        </label>
        <label>
          Map{' '}
          <select aria-label="Map" value={mapKey.value} onChange={(e) => chooseMap(e.currentTarget.value)}>
            {!choice && (
              <option value="">
                {maps.value ? `(choose a map: ${initial.map} is not here)` : 'Loading…'}
              </option>
            )}
            {(maps.value ?? []).map((m) => (
              <option key={m.key} value={m.key}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="encounter-builder-body">
        <div class="encounter-builder-tools">
          <FoePicker foes={foes} chosen={foe} onChoose={(f) => (chosen.value = f)} onFocus={reloadFoes} />
          <DropOptions count={count} hidden={hidden} placing={placing} />
          <PlacedList
            foes={pieces.value.foes}
            names={names}
            movingId={movingId.value}
            partyStarts={pieces.value.partyStarts}
            onHidden={(id, h) => (pieces.value = setFoeHidden(pieces.value, id, h))}
            onMove={(id) => {
              movingId.value = movingId.value === id ? undefined : id;
              placing.value = 'foes';
              const index = pieces.value.foes.findIndex((f) => f.id === id);
              said.value = movingId.value
                ? `Moving ${names[index]}: choose its new square.`
                : 'Stopped moving.';
            }}
            onRemove={remove}
          />
        </div>
        <div class="encounter-builder-map">
          {map ? (
            <MapGrid
              map={map}
              foes={pieces.value.foes}
              partyStarts={pieces.value.partyStarts}
              cursor={cursor.value}
              selectedId={movingId.value}
              label={`${map.name}: arrow keys move the square cursor, Enter places, Delete removes`}
              describedBy="encounter-cursor"
              onCursor={(c) => (cursor.value = c)}
              // While the threat map is open a click or tap inspects the square; close it to place.
              onSquare={(c) => (threat.state.value.on ? undefined : onSquare(c))}
              threat={threat.view.value}
              onHover={(c) => (hover.value = c)}
              onRemove={(c) => {
                const under = foeAt(pieces.value.foes, c);
                if (under) remove(under.id);
              }}
              onEscape={() => {
                movingId.value = undefined;
                said.value = 'Stopped moving.';
              }}
            />
          ) : (
            <p class="muted">{maps.value ? 'Choose a map to place foes on.' : 'Loading the maps…'}</p>
          )}
          <p class="muted" id="encounter-cursor" aria-live="polite">
            {map ? squareDescription(map, pieces.value, cursor.value) : ''}
          </p>
          {map && (
            <ThreatPanel
              tool={threat}
              characters={[
                ...pieces.value.foes.map((f, i) => ({
                  id: f.id,
                  name: names[i]!,
                  side: 'foes' as const,
                  known: true,
                })),
                ...pieces.value.partyStarts.map((_, i) => ({
                  id: partyStartId(i),
                  name: partyStartName(i),
                  side: 'party' as const,
                  known: true,
                })),
              ]}
              pointer={inspected}
              defaultPlanned={pieces.value.partyStarts.length ? partyStartId(0) : null}
            />
          )}
        </div>
      </div>
      <p class="muted" role="status" aria-live="polite">
        {said.value}
      </p>
      {refusal.value && (
        <p class="error" role="alert">
          {refusal.value}
        </p>
      )}
      {problems.length > 0 && (
        <div class="error" data-testid="encounter-misfits">
          <p>Not ready to save or start:</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <div class="row">
        <button
          type="button"
          class="primary"
          disabled={!ready || busy}
          onClick={() => encounter && ready && onSave(encounter)}
        >
          Save to library
        </button>
        <button
          type="button"
          disabled={!ready}
          aria-expanded={starting.value}
          onClick={() => (starting.value = !starting.value)}
        >
          Start a room
        </button>
        <button type="button" onClick={onCancel}>
          Close
        </button>
      </div>
      {starting.value && ready && encounter && (
        <StartRoomForm
          storage={storage}
          libraryKey={libraryKey}
          encounter={checked?.success ? checked.data : encounter}
          onClose={() => (starting.value = false)}
        />
      )}
    </section>
  );
}
