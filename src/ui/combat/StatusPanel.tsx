import { canCommand } from '../Scene';
import { gmCombatChunk } from '../lazy/chunks';
import { Lazy } from '../lazy/Lazy';
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import type { BlightId } from '../../schema/status';
import { BLIGHT_IDS } from '../../schema/status';
import { findStatus } from '../../rules/statuses';
import type { RoomSnapshot, TokenView } from '../../table/snapshot';
import type { RoomModel } from '../model/RoomModel';
import { IntentButton } from './IntentButton';

/**
 * Statuses and blights of one character: the Act panel's target, else the character inspected on
 * the map, else the acting one (rulebook: Statuses and other effects; Blights). Each status with
 * its description, whether it is ongoing; for whoever commands it a save button and
 * adding/removing statuses from the room's catalog (intents; players on their own characters);
 * the GM also toggles blights (`add-blight` / `remove-blight` intents), deals damage and moves
 * by the rules. The health line shows wounds, Bloodied, defeat, surrender and death as the rules
 * engine recorded them.
 */
export function StatusPanel({ model }: { model: RoomModel }) {
  const snapshot = model.snapshot.value;
  const s = model.combat.value;
  const tokenId = s.targetId ?? s.inspectId ?? s.actorId;
  const token = tokenId ? snapshot?.tokensById[tokenId] : undefined;
  if (!snapshot || !token?.state) return null;
  // Keyed by the character: boxes and picks of one never carry over to another.
  return <CharacterStatuses key={token.id} model={model} snapshot={snapshot} token={token} />;
}

function CharacterStatuses(props: { model: RoomModel; snapshot: RoomSnapshot; token: TokenView }) {
  const { model, snapshot, token } = props;
  const st = token.state!;
  const viewer = model.viewer;
  const gm = viewer.role === 'gm';
  const commands = canCommand(viewer, token);
  const flags = [
    st.dead ? 'dead' : st.surrendered ? 'surrendered' : st.defeated ? 'defeated' : null,
    st.incapacitated && !st.defeated ? 'incapacitated' : null,
    token.bloodied ? 'Bloodied' : null,
    st.wounds ? `${st.wounds} wound${st.wounds === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  return (
    <section class="combat-statuses" data-testid="status-panel" aria-label={`${st.name}: statuses`}>
      <h3>{`${st.name}: statuses`}</h3>
      <div data-testid="health-line">
        {`${token.hpHidden ? 'HP not shown' : `HP ${st.hp}${token.maxHp !== null ? `/${token.maxHp}` : ''}, vigor ${st.vigor}`}${flags.length ? ` — ${flags.join(', ')}` : ''}`}
      </div>
      <ul data-testid="status-list">
        {st.statuses.map((applied) => {
          const def = findStatus(snapshot.statusCatalog, applied.id);
          const target = { tokenId: token.id, statusId: applied.id };
          return (
            <li key={applied.id}>
              <b>{def?.name ?? applied.id}</b>
              {`${applied.ongoing ? ' (ongoing)' : ''} — ${def?.description ?? 'not in the catalog'}`}
              {/* Saves are rolled when the turn ends; a save at another time is the GM's
                  override, and only the GM may end an ongoing status (docs/rules/statuses.md#saves). */}
              {gm && !applied.ongoing && (
                <>
                  {' '}
                  <IntentButton
                    model={model}
                    label="Save now (GM)"
                    testid={`save-${applied.id}`}
                    intent={{ kind: 'save', ...target }}
                  />
                </>
              )}
              {commands && (gm || !applied.ongoing) && (
                <>
                  {' '}
                  <IntentButton
                    model={model}
                    label="Remove"
                    testid={`remove-status-${applied.id}`}
                    intent={{ kind: 'remove-status', ...target }}
                  />
                </>
              )}
            </li>
          );
        })}
        {st.statuses.length === 0 && <li class="hint">No statuses</li>}
      </ul>
      {st.blights.length > 0 && <div data-testid="blight-list">{`Blights: ${st.blights.join(', ')}`}</div>}
      {commands && <AddStatus model={model} snapshot={snapshot} token={token} />}
      {gm && (
        <>
          <BlightToggles model={model} token={token} />
          <Lazy
            chunk={gmCombatChunk}
            render={(m) => (
              <>
                <m.GmHpControls model={model} token={token} />
                {!st.defeated && <m.ForceMoveControls model={model} snapshot={snapshot} token={token} />}
              </>
            )}
          />
        </>
      )}
      {commands && !st.dead && (
        // The character's own choices (rulebook: Surrender; Elixirs, out of combat only).
        <div class="row">
          {!st.surrendered && (
            <>
              {/* Cannot be taken back: ask first, saying what it means (issue 12, dead end 6). */}
              <IntentButton
                model={model}
                label="Surrender"
                testid="surrender"
                intent={{ kind: 'surrender', tokenId: token.id }}
                title="Instead of taking damage: defeated for the battle, no wound, cannot be rescued"
                confirm={() =>
                  `Surrender: ${st.name} is defeated for this battle, takes no wound, and cannot be rescued. This cannot be undone.`
                }
              />{' '}
            </>
          )}
          {!snapshot.turn && st.elixirs > 0 && (
            <IntentButton
              model={model}
              label={`Drink an elixir (${st.elixirs} left)`}
              testid="drink-elixir"
              intent={{ kind: 'drink-elixir', tokenId: token.id }}
            />
          )}
        </div>
      )}
    </section>
  );
}

/** A status from the room's catalog added to the character (an `add-status` intent). */
function AddStatus(props: { model: RoomModel; snapshot: RoomSnapshot; token: TokenView }) {
  const { model, token } = props;
  const catalog = props.snapshot.statusCatalog;
  const [pick, setPick] = useState<string | null>(null);
  // The picked status, or the catalog's first while none was picked.
  const statusId = catalog.find((s) => s.id === pick)?.id ?? catalog[0]?.id ?? '';
  const add = async (): Promise<void> => {
    // People read the status's name, not its id.
    const status = catalog.find((s) => s.id === statusId)?.name ?? statusId;
    await model.report(
      { kind: 'add-status', tokenId: token.id, statusId },
      `${token.state?.name ?? token.name} gains ${status}`,
    );
  };
  return (
    <div class="row">
      <select
        data-testid="add-status-pick"
        aria-label="Status to add"
        value={statusId}
        onChange={(e) => setPick(e.currentTarget.value)}
      >
        {catalog.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>{' '}
      <button type="button" data-testid="add-status" disabled={!statusId} onClick={() => void add()}>
        Add status
      </button>
    </div>
  );
}

/** The GM's blights (rulebook: Blights); the server writes and logs them. */
function BlightToggles({ model, token }: { model: RoomModel; token: TokenView }) {
  const st = token.state!;
  // A toggle on its way to the server shows what was asked until the answer arrives.
  const [asked, setAsked] = useState<{ id: BlightId; on: boolean } | null>(null);
  const toggle = async (b: BlightId, on: boolean): Promise<void> => {
    setAsked({ id: b, on });
    await model.report(
      { kind: on ? 'add-blight' : 'remove-blight', tokenId: token.id, blightId: b },
      `${st.name} ${on ? 'gains' : 'loses'} the ${b} blight`,
    );
    setAsked(null);
  };
  return (
    <div class="row" data-testid="blight-toggles" role="group" aria-label="Blights">
      {'Blights: '}
      {BLIGHT_IDS.map((b) => (
        <Fragment key={b}>
          <label>
            <input
              type="checkbox"
              data-testid={`blight-${b}`}
              checked={asked?.id === b ? asked.on : st.blights.includes(b)}
              disabled={asked?.id === b}
              onChange={(e) => void toggle(b, e.currentTarget.checked)}
            />
            {b}
          </label>{' '}
        </Fragment>
      ))}
    </div>
  );
}
