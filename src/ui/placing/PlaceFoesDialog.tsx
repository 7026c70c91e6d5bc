import { squareName } from '../../grid/footprintFit';
import { MAX_FOES_PLACED, planFoes } from '../../table/foePlacement';
import type { RoomModel } from '../model/RoomModel';
import { ghostsOf, placingOf, squaresNear, type PlaceableFoe, type PlacingDraft } from './placingState';

/**
 * "Place foes" (GM): pick a foe and how many, then their squares — clicked on the map, or the
 * free squares next to the selected token — see each footprint (green fits, red does not, with
 * the reason in words) and confirm once for all. Every copy is a full combatant from the stat
 * block, numbered ("Hollow Husk 2"); in combat it joins the current round (docs/rules.md).
 */
export function PlaceFoesDialog({
  model,
  foes,
  onListFocus,
}: {
  model: RoomModel;
  foes: readonly PlaceableFoe[];
  /** The foe list got focus: a chance to fetch the library again (it may have changed). */
  onListFocus?: () => void;
}) {
  const gm = model.session.gm;
  const state = placingOf(model);
  const snapshot = model.snapshot.value;
  if (!gm?.placeFoes || !snapshot) return null;
  if (foes.length === 0)
    return (
      <section data-testid="place-foes" aria-label="Place foes">
        <h3>Place foes</h3>
        <p class="muted">No foe stat blocks in this room yet: place a token below and give it stats.</p>
      </section>
    );
  const draft: PlacingDraft = state.value ?? {
    foe: foes[0]!,
    count: 1,
    hidden: false,
    cells: [],
    picking: false,
  };
  // The list changed under the draft (its foe was removed): fall back to the first.
  const foe = foes.find((f) => f.key === draft.foe.key) ?? foes[0]!;
  const set = (patch: Partial<PlacingDraft>) => (state.value = { ...draft, foe, ...patch });
  const placement = { foe: foe.statBlock, cells: draft.cells, hidden: draft.hidden };
  const plan = draft.cells.length ? planFoes(snapshot, placement) : null;
  const ghosts = ghostsOf(snapshot, { ...draft, foe });
  const fitting = ghosts.filter((g) => g.legal).map((g) => g.cell);
  const names = fitting.length ? planFoes(snapshot, { ...placement, cells: fitting }) : null;
  const missing = draft.count - draft.cells.length;
  const selected = snapshot.tokensById[model.selectedId.value ?? ''];

  const preview = (): string => {
    const placed =
      names?.ok === true ? names.tokens.map((t) => `${t.name} at ${squareName(t.cell)}`).join(' · ') : '';
    if (draft.cells.length === 0)
      return `Click ${draft.count === 1 ? 'a square' : `${draft.count} squares`} on the map (the top-left square of each), or place ${draft.count === 1 ? 'it' : 'them'} next to the selected token.`;
    const more = missing > 0 ? `click ${missing} more square${missing === 1 ? '' : 's'}` : '';
    return [placed, more].filter(Boolean).join(' · ');
  };
  const confirm = () => {
    // guardGm answers undefined for a refusal, after saying why on the status line.
    const placed = gm.placeFoes!(placement) as ReturnType<NonNullable<typeof gm.placeFoes>> | undefined;
    if (!placed) return;
    model.say(`Placed ${placed.map((p) => p.name).join(', ')}. Ctrl+Z takes them back.`, 'ok');
    state.value = { ...draft, foe, cells: [], picking: false };
  };
  const ready = plan?.ok === true && missing === 0;
  return (
    <section data-testid="place-foes" aria-labelledby="place-foes-title" class="place-foes">
      <h3 id="place-foes-title">Place foes</h3>
      <div class="row">
        <label>
          Foe{' '}
          <select
            data-testid="place-foes-foe"
            value={foe.key}
            onFocus={onListFocus}
            onChange={(e) => {
              const next = foes.find((f) => f.key === e.currentTarget.value) ?? foe;
              state.value = { ...draft, foe: next, cells: [] };
            }}
          >
            {groupsOf(foes).map(([group, members]) => (
              <optgroup key={group} label={group}>
                {members.map((f) => (
                  <option key={f.key} value={f.key}>
                    {f.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label>
          How many{' '}
          <input
            type="number"
            min={1}
            max={MAX_FOES_PLACED}
            value={draft.count}
            data-testid="place-foes-count"
            onInput={(e) => {
              const n = Math.floor(Number(e.currentTarget.value));
              if (!Number.isFinite(n) || n < 1) return;
              const count = Math.min(MAX_FOES_PLACED, n);
              set({ count, cells: draft.cells.slice(0, count) });
            }}
          />
        </label>
      </div>
      <div class="muted">
        Size {foe.statBlock.size} · HP {4 * foe.statBlock.health} · Defense {foe.statBlock.defense} · Speed{' '}
        {foe.statBlock.speed}
      </div>
      <label>
        <input
          type="checkbox"
          checked={draft.hidden}
          data-testid="place-foes-hidden"
          onChange={(e) => set({ hidden: e.currentTarget.checked })}
        />{' '}
        hidden from players (they join the fight when revealed)
      </label>
      <div class="row">
        <button
          type="button"
          data-testid="place-foes-pick"
          aria-pressed={draft.picking}
          onClick={() => set({ picking: !draft.picking })}
        >
          {draft.picking ? 'Stop choosing squares' : 'Choose squares on the map'}
        </button>
        <button
          type="button"
          data-testid="place-foes-near"
          disabled={!selected}
          title={selected ? undefined : 'Select a token first'}
          onClick={() =>
            selected && set({ cells: squaresNear(snapshot, selected.cell, foe.statBlock, draft.count) })
          }
        >
          Next to {selected ? (selected.state?.name ?? selected.name) : 'the selection'}
        </button>
      </div>
      <p class="preview" data-testid="place-foes-preview" aria-live="polite">
        {preview()}
      </p>
      <p class="error" data-testid="place-foes-problem" role="alert">
        {plan && !plan.ok ? plan.reason : ''}
      </p>
      <div class="row">
        <button
          type="button"
          class="primary"
          data-testid="place-foes-confirm"
          disabled={!ready}
          onClick={confirm}
        >
          {draft.count === 1 ? `Place ${foe.statBlock.name}` : `Place ${draft.count} × ${foe.statBlock.name}`}
        </button>
        <button
          type="button"
          data-testid="place-foes-clear"
          disabled={draft.cells.length === 0}
          onClick={() => set({ cells: [] })}
        >
          Clear squares
        </button>
      </div>
    </section>
  );
}

/** The list under its headings, in the order the foes come. */
function groupsOf(foes: readonly PlaceableFoe[]): [string, PlaceableFoe[]][] {
  const groups = new Map<string, PlaceableFoe[]>();
  for (const f of foes) groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
  return [...groups];
}
