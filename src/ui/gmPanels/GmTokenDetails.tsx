import { useState } from 'preact/hooks';
import { SideSchema, type Side } from '../../schema/cell';
import { footprintsOverlap } from '../../grid/battlefield';
import { EditStatBlockButton } from '../EditStatBlockButton';
import type { RoomModel } from '../model/RoomModel';
import type { Scene, SceneToken } from '../Scene';
import type { GmActions, TokenEdit } from '../TableSession';
import { OpenSheetButton } from '../sheet/OpenSheetButton';
import { PortraitButton } from '../portrait/PortraitDialog';
import { TokenHeading } from '../TokenPanel';

/** TokenSchema's bound for a token's name. */
const MAX_TOKEN_NAME = 80;

type NumKey = 'hp' | 'vigor' | 'wounds' | 'size' | 'health' | 'defense' | 'armor' | 'speed' | 'attackBonus';

/**
 * The GM's editor of one token. A prop (no combatant state, so no HP) shows no HP fields: the
 * server would refuse them (issue 12, dead end 2). Fields commit on change (Enter or leaving).
 */
export function GmTokenDetails({ t, gm, model }: { t: SceneToken; gm: GmActions; model: RoomModel }) {
  // A character with a sheet takes its numbers from its current job: an edit here would be
  // overwritten by the next sheet edit, so the sheet is the one place to change them.
  const block = model.snapshot.value?.tokensById[t.id]?.statBlock;
  const fromSheet = block?.kind === 'pc' && block.sheet !== undefined;
  const edit = (e: TokenEdit) => gm.editToken(t.id, e);
  const num = (key: NumKey, label: string, value: number | undefined) => (
    <div class="row">
      <label for={`edit-${key}`}>{label}</label>
      <DraftInput
        id={`edit-${key}`}
        type="number"
        min={minOf(key)}
        max={key === 'size' ? 5 : 9999}
        value={String(value ?? 0)}
        testid={`edit-${key}`}
        commit={(v) => edit({ [key]: Math.max(minOf(key), Math.floor(Number(v) || 0)) })}
      />
    </div>
  );
  const prop = t.hp === undefined;
  return (
    <div data-testid="token-details">
      <TokenHeading t={t} />
      {prop && <div class="muted">Prop: no stats (no HP, takes no turns).</div>}
      <OpenSheetButton model={model} tokenId={t.id} />
      <PortraitButton model={model} tokenId={t.id} />
      <div class="row">
        <label for="edit-name">Name</label>
        <DraftInput
          id="edit-name"
          value={t.name}
          maxLength={MAX_TOKEN_NAME}
          testid="edit-name"
          commit={(v) => {
            const name = v.trim();
            if (name) edit({ name });
          }}
        />
      </div>
      <div class="row">
        <label for="edit-side">Side</label>
        <SideSelect id="edit-side" testid="edit-side" value={t.side} set={(side) => edit({ side })} />
      </div>
      {!prop && num('hp', `HP${t.maxHp !== undefined ? ` /${t.maxHp}` : ''}`, t.hp)}
      {!prop && num('vigor', 'Vigor', t.vigor)}
      {!prop && num('wounds', 'Wounds', t.wounds)}
      {num('size', 'Size', t.size)}
      {t.stats && fromSheet && (
        <p class="muted" data-testid="stats-from-sheet">
          Stats come from the current job on the sheet: change them there.
        </p>
      )}
      {t.stats && !fromSheet && (
        <>
          <h3>Stat block</h3>
          {num('health', 'Health', t.stats.health)}
          {num('defense', 'Defense', t.stats.defense)}
          {num('armor', 'Armor', t.stats.armor)}
          {num('speed', 'Speed', t.stats.speed)}
          {num('attackBonus', 'Attack +', t.stats.attackBonus)}
          <EditStatBlockButton model={model} tokenId={t.id} />
        </>
      )}
      <div class="row">
        <button
          data-testid={t.hidden ? 'reveal-token' : 'hide-token'}
          onClick={() => gm.setHidden(t.id, !t.hidden)}
        >
          {t.hidden ? 'Reveal to players' : 'Hide from players'}
        </button>
        {gm.duplicateToken && (
          <button
            data-testid="duplicate-token"
            title="A fresh copy on the nearest free square (Ctrl+D)"
            onClick={() => duplicate(model, gm, t)}
          >
            Duplicate
          </button>
        )}
        <button data-testid="remove-token" onClick={() => gm.removeToken(t.id)}>
          Remove
        </button>
      </div>
    </div>
  );
}

/** The Duplicate button (Ctrl+D does the same): the copy is selected and named on the status line. */
function duplicate(model: RoomModel, gm: GmActions, t: SceneToken): void {
  // guardGm answers undefined for a refusal, after saying why on the status line.
  const copy = gm.duplicateToken?.(t.id) as ReturnType<NonNullable<GmActions['duplicateToken']>> | undefined;
  if (!copy) return;
  model.selectedId.value = copy.id;
  model.say(`${copy.name} placed: a copy of ${t.name}. Ctrl+Z takes it back.`, 'ok');
}

/**
 * A field showing a value from the room that the GM may overwrite: what they type is kept as a
 * draft until they commit it (Enter or leaving the field), so a room update arriving meanwhile
 * (a roll, a turn) neither resets their typing nor is hidden once they are done.
 */
function DraftInput(props: {
  id: string;
  value: string;
  testid: string;
  commit: (value: string) => void;
  type?: 'number';
  min?: number;
  max?: number;
  maxLength?: number;
}) {
  const { id, type, min, max, maxLength, value, testid, commit } = props;
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      id={id}
      type={type ?? 'text'}
      list={undefined}
      min={min}
      max={max}
      maxLength={maxLength}
      value={draft ?? value}
      data-testid={testid}
      onInput={(e) => setDraft(e.currentTarget.value)}
      onChange={(e) => {
        setDraft(null);
        commit(e.currentTarget.value);
      }}
    />
  );
}

/** What the place form holds while the GM types (page-only state; numbers as typed). */
interface PlaceDraft {
  name: string;
  side: 'party' | 'foes';
  size: string;
  hidden: boolean;
  /** A plain marker: no stats, no HP, no turns. */
  prop: boolean;
  hp: string;
  defense: string;
  speed: string;
}

const FIRST_DRAFT: PlaceDraft = {
  name: 'Foe',
  side: 'foes',
  size: '1',
  hidden: false,
  prop: false,
  hp: '20',
  defense: '8',
  speed: '4',
};

/**
 * "Place a token": by default a combatant with a minimal stat block from the form (side, size,
 * HP, Defense, Speed) that takes turns, can be attacked and joins the tracker; "Prop" makes a
 * marker without stats instead, and then asks for no HP (issue 12, dead end 2).
 */
export function PlaceForm({ scene, gm }: { scene: Scene; gm: GmActions }) {
  const [d, setD] = useState<PlaceDraft>(FIRST_DRAFT);
  const set = (patch: Partial<PlaceDraft>) => setD((old) => ({ ...old, ...patch }));
  /** A typed number, clamped to the field's bounds; empty or not a number = the default. */
  const count = (key: 'size' | 'hp' | 'defense' | 'speed', lo: number, hi: number) => {
    const n = Math.floor(Number(d[key]));
    return Number.isFinite(n) && d[key].trim() !== ''
      ? Math.max(lo, Math.min(hi, n))
      : Number(FIRST_DRAFT[key]);
  };
  const place = () => {
    const size = count('size', 1, 5);
    gm.placeToken({
      name: d.name.trim() || 'Token',
      side: d.side,
      size,
      cell: freeCell(scene, size),
      hidden: d.hidden,
      ...(d.prop
        ? {}
        : {
            stats: {
              hp: count('hp', 1, 4 * 9999),
              defense: count('defense', 0, 9999),
              speed: count('speed', 0, 200),
            },
          }),
    });
  };
  const numField = (
    key: 'size' | 'hp' | 'defense' | 'speed',
    label: string,
    lo: number,
    hi: number,
    step = 1,
  ) => (
    <label>
      {label}{' '}
      <input
        type="number"
        min={lo}
        max={hi}
        step={step}
        value={d[key]}
        data-testid={`place-${key}`}
        onInput={(e) => set({ [key]: e.currentTarget.value })}
      />
    </label>
  );
  return (
    <div aria-label="Place a token" role="group">
      <h3>Place a token</h3>
      <div class="row">
        <input
          placeholder="Name"
          aria-label="Name of the new token"
          maxLength={MAX_TOKEN_NAME}
          value={d.name}
          data-testid="place-name"
          onInput={(e) => set({ name: e.currentTarget.value })}
        />
        <SideSelect
          label="Side of the new token"
          testid="place-side"
          value={d.side}
          set={(side) => set({ side })}
        />
      </div>
      <div class="row">
        {numField('size', 'Size', 1, 5)}
        <label>
          <input
            type="checkbox"
            checked={d.hidden}
            data-testid="place-hidden"
            onChange={(e) => set({ hidden: e.currentTarget.checked })}
          />{' '}
          hidden
        </label>
      </div>
      <div class="row">
        <label title="A marker on the map: no HP, takes no turns, cannot be attacked">
          <input
            type="checkbox"
            checked={d.prop}
            data-testid="place-prop"
            onChange={(e) => set({ prop: e.currentTarget.checked })}
          />{' '}
          Prop: no stats
        </label>
      </div>
      {!d.prop && (
        <div class="row" title="ICON counts HP in fours (4 × Health): other numbers are rounded up">
          {numField('hp', 'HP', 4, 4 * 9999, 4)}
          {numField('defense', 'Defense', 0, 9999)}
          {numField('speed', 'Speed', 0, 200)}
        </div>
      )}
      <button data-testid="place-token" onClick={place}>
        {d.prop ? '+ Place prop' : '+ Place token'}
      </button>
    </div>
  );
}

/** First free footprint scanning from the map centre outwards, row by row (new tokens land here). */
export function freeCell(scene: Scene, size: number): { x: number; y: number } {
  const { width, height } = scene.map;
  const taken = (x: number, y: number): boolean =>
    scene.tokens.some((t) => footprintsOverlap(t.cell, t.size, { x, y }, size));
  const cx = Math.floor((width - size) / 2);
  const cy = Math.floor((height - size) / 2);
  for (let r = 0; r < Math.max(width, height); r++) {
    for (let y = cy - r; y <= cy + r; y++) {
      for (let x = cx - r; x <= cx + r; x++) {
        if (x < 0 || y < 0 || x + size > width || y + size > height) continue;
        if (Math.max(Math.abs(x - cx), Math.abs(y - cy)) !== r) continue;
        if (!taken(x, y) && scene.map.cells[y]?.[x] !== '#') return { x, y };
      }
    }
  }
  return { x: 0, y: 0 };
}

/** Lowest value a stat field accepts (Size and Health start at 1; attack bonuses may be negative). */
function minOf(key: string): number {
  return key === 'size' || key === 'health' ? 1 : key === 'attackBonus' ? -20 : 0;
}

/** Party or foes, read back through the schema (a select's value is a plain string). */
function SideSelect(props: {
  id?: string;
  label?: string;
  testid: string;
  value: Side;
  set: (side: Side) => void;
}) {
  return (
    <select
      id={props.id}
      aria-label={props.label}
      data-testid={props.testid}
      value={props.value}
      onChange={(e) => props.set(SideSchema.parse(e.currentTarget.value))}
    >
      <option value="party">Party</option>
      <option value="foes">Foes</option>
    </select>
  );
}
