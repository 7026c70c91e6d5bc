import { canCommand } from '../Scene';
import { gmCombatChunk } from '../lazy/chunks';
import { Lazy } from '../lazy/Lazy';
import type { Intent } from '../../schema/intent';
import { outcomeOf } from '../../schema/outcome';
import { readAnswerOutcome } from '../../schema/intent';
import { netBoons } from '../../rules/boonsCurses';
import { saveChance } from '../../rules/hitChance';
import { statusSaveModifiers } from '../../rules/statuses';
import type { RoomSnapshot } from '../../table/snapshot';
import type { RoomModel } from '../model/RoomModel';
import { percent } from './format';
import { clampNet } from '../../rules/hitChance';
import { hiddenFoes, trackerView, type TrackerRow } from './turnTracker';

const STATUS_WORD = {
  acting: 'acting',
  'may-act': 'may act',
  waiting: 'waiting',
  acted: 'done',
  out: 'out',
} as const;

/** The saves ending this turn will roll (one per status; ongoing ones get none), with their odds. */
export function pendingSaves(snapshot: RoomSnapshot, tokenId: string): string[] {
  const state = snapshot.tokensById[tokenId]?.state;
  if (!state) return [];
  const net = clampNet(netBoons(statusSaveModifiers(state, snapshot.statusCatalog)));
  const chance = percent(saveChance(net).value);
  return state.statuses.map((s) =>
    s.ongoing ? `${s.id}: ongoing, no save` : `${s.id}: save 10+ on d20, ${chance} to end it`,
  );
}

/** A button that sends one intent; the answer goes to the status line. `ask` asks first (Cancel sends nothing). */
function IntentButton(props: {
  model: RoomModel;
  label: string;
  testid: string;
  intent: Intent;
  ask?: () => string;
}) {
  const { model, label, testid, intent, ask } = props;
  return (
    <button
      data-testid={testid}
      onClick={() => {
        if (ask && !window.confirm(ask())) return;
        void model.send(label, intent);
      }}
    >
      {label}
    </button>
  );
}

/**
 * Turn tracker (rulebook: Turn order): round, which side is up and who may still act, slow
 * turns; buttons to start a turn (or declare a slow one) for characters this viewer commands and
 * to end the current turn, which rolls the end-of-turn saves listed beforehand. Blight damage is
 * dealt by the server when a turn starts.
 */
export function TurnTrackerPanel({ model }: { model: RoomModel }) {
  const snapshot = model.snapshot.value;
  if (!snapshot) return null;
  const view = trackerView(snapshot);
  const viewer = model.viewer;
  const gmDocs = model.host?.gm ? model.host.gm : null;
  const commands = (id: string) => {
    const token = snapshot.tokensById[id];
    return viewer.role === 'gm' || (!!token && canCommand(viewer, token));
  };
  const hidden = gmDocs ? hiddenFoes(snapshot) : [];
  return (
    <section class="combat-tracker" data-testid="turn-tracker" aria-label="Turn tracker">
      <h3>{view.inCombat ? `Round ${view.round}` : 'Turns'}</h3>
      <div data-testid="tracker-headline" class="headline">
        {view.headline}
      </div>
      {viewer.role === 'gm' && (
        <>
          {view.inCombat ? (
            // Ending clears everyone's fight state at once: ask first (dead end 6).
            <IntentButton
              model={model}
              label="End combat"
              testid="tracker-end-combat"
              intent={{ kind: 'end-combat' }}
              ask={() =>
                `End combat after round ${view.round}? The turn order is cleared, and statuses, blights, vigor and Resolve end for everyone.`
              }
            />
          ) : (
            <StartCombatButton model={model} />
          )}
          {hidden.length > 0 && (
            <>
              {' '}
              <RevealAllButton model={model} foes={hidden} />
            </>
          )}
          {/* Between fights (GM only; the server refuses them during combat, saying so). */}
          {!view.inCombat && (
            <>
              {' '}
              <IntentButton
                model={model}
                label="Interlude: heal wounds"
                testid="tracker-interlude"
                intent={{ kind: 'interlude' }}
              />{' '}
              <IntentButton
                model={model}
                label="New expedition: refill elixirs"
                testid="tracker-new-expedition"
                intent={{ kind: 'new-expedition' }}
              />
            </>
          )}
        </>
      )}
      {gmDocs ? (
        <>
          <ApplyResultsSetting model={model} value={snapshot.settings.applyResults} />
          <Lazy
            chunk={gmCombatChunk}
            render={(m) => (
              <>
                <m.FoeHpSetting model={model} value={snapshot.settings.foeHp} />
                <m.FogSetting model={model} value={snapshot.settings.vision} />
              </>
            )}
          />
        </>
      ) : (
        snapshot.settings.applyResults === 'on-confirm' && (
          <div class="hint" data-testid="tracker-apply-results-note">
            Rolls wait for Apply
          </div>
        )
      )}
      {/* Party above foes, each under a heading that says who may still act (dead end 10). */}
      {view.sides.map((side) => {
        const rows = view.rows.filter((r) => r.side === side.side);
        if (!rows.length) return null;
        return (
          <div key={side.side} class={`tracker-side ${side.side}${side.up ? ' up' : ''}`}>
            <h4 data-testid={`tracker-side-${side.side}`}>{side.line}</h4>
            <ol class="tracker-rows">
              {rows.map((row) => (
                <Row
                  key={row.id}
                  model={model}
                  snapshot={snapshot}
                  row={row}
                  inCombat={view.inCombat}
                  commands={commands(row.id)}
                />
              ))}
            </ol>
          </div>
        );
      })}
    </section>
  );
}

/**
 * GM: room setting `applyResults` — rolls change characters at once, or wait for one click on
 * Apply in the Result panel (issue 6). A GM write, so it is a step in the GM's undo history.
 */
function ApplyResultsSetting({ model, value }: { model: RoomModel; value: string }) {
  return (
    <label class="row">
      Roll results apply:{' '}
      <select
        data-testid="tracker-apply-results"
        value={value}
        onChange={async (e) => {
          const applyResults = e.currentTarget.value === 'on-confirm' ? 'on-confirm' : 'immediately';
          // The GM's writers are not in a player's download: loaded on the GM's first use.
          const { setRoomSettings } = await import('../../table/writers/roomWriters');
          const now = model.snapshot.peek();
          const gm = model.host?.gm;
          if (!now || !gm) return;
          setRoomSettings(gm.docs(), { ...now.settings, applyResults });
          model.say(
            `Roll results now apply ${applyResults === 'on-confirm' ? 'after Apply' : 'at once'}`,
            'ok',
          );
        }}
      >
        <option value="immediately">at once</option>
        <option value="on-confirm">after Apply</option>
      </select>
    </label>
  );
}

/**
 * GM: Start combat. Hidden foes stay out of the turn order until revealed (docs/table.md
 * "Hidden tokens and turns"), so the status line says how many were left out (dead end 12).
 */
function StartCombatButton({ model }: { model: RoomModel }) {
  return (
    <button
      data-testid="tracker-start-combat"
      onClick={async () => {
        const r = await model.send('Start combat', { kind: 'start-combat' });
        if (!r.ok) return;
        const left = outcomeOf(readAnswerOutcome(r), 'start-combat')?.hiddenLeftOut ?? 0;
        if (left)
          model.say(
            `Start combat: ${left} hidden ${left === 1 ? 'foe is' : 'foes are'} left out until you reveal them`,
            'ok',
          );
      }}
    >
      Start combat
    </button>
  );
}

/**
 * GM: reveal every hidden foe at once, as the token panel's "Reveal to players" does for one
 * (stat blocks come along), in one step of the GM's undo history. Revealed foes join the fight.
 */
function RevealAllButton({ model, foes }: { model: RoomModel; foes: { id: string; name: string }[] }) {
  return (
    <button
      data-testid="tracker-reveal-foes"
      title={`Hidden: ${foes.map((f) => f.name).join(', ')}`}
      onClick={async () => {
        const { setTokensHidden } = await import('../../table/writers/tokenWriters');
        const gm = model.host?.gm;
        const now = model.snapshot.peek();
        if (!gm || !now) return;
        const shown = hiddenFoes(now);
        try {
          setTokensHidden(
            gm.docs(),
            shown.map((f) => f.id),
            false,
          );
          model.say(`Revealed ${listOf(shown.map((f) => f.name))}`, 'ok');
        } catch (e) {
          model.say(`Reveal refused: ${e instanceof Error ? e.message : String(e)}`, 'refused');
        }
      }}
    >
      {`Reveal all foes (${foes.length} hidden)`}
    </button>
  );
}

/** One combatant's line with the turn buttons this viewer may use. */
function Row(props: {
  model: RoomModel;
  snapshot: RoomSnapshot;
  row: TrackerRow;
  inCombat: boolean;
  commands: boolean;
}) {
  const { model, snapshot, row, inCombat, commands } = props;
  const state = snapshot.tokensById[row.id]?.state;
  const saves = row.status === 'acting' ? pendingSaves(snapshot, row.id) : [];
  // Removed by an edge: back at the start of its own turn (players for their PCs, the GM for
  // foes; the server checks who and when), or at once out of combat. Mobs never return.
  const removed = state?.removedFromPlay;
  const mayReturn = !inCombat || row.status === 'acting';
  const blights = state?.blights ?? [];
  return (
    <li
      data-testid={`tracker-row-${row.id}`}
      data-status={row.status}
      data-slow={String(row.slow)}
      class={`${row.side} ${row.status}`}
    >
      <b>{row.name}</b>
      {` ${row.side === 'party' ? 'party' : 'foe'} · ${STATUS_WORD[row.status]}${row.slow ? ' · slow turn' : ''} · ${row.health}${row.resolve !== null ? ` · Resolve ${row.resolve}` : ''}`}
      {inCombat && commands && row.status === 'may-act' && (
        <>
          {' '}
          <IntentButton
            model={model}
            label="Start turn"
            testid={`start-turn-${row.id}`}
            intent={{ kind: 'start-turn', tokenId: row.id, slow: false }}
          />
        </>
      )}
      {inCombat && commands && (row.status === 'may-act' || row.status === 'waiting') && !row.slow && (
        <>
          {' '}
          <IntentButton
            model={model}
            label="Slow turn"
            testid={`slow-turn-${row.id}`}
            intent={{ kind: 'start-turn', tokenId: row.id, slow: true }}
          />
        </>
      )}
      {inCombat && commands && row.status === 'acting' && (
        <>
          {saves.length > 0 && (
            <div class="saves" data-testid={`pending-saves-${row.id}`}>
              {`Ending the turn rolls: ${saves.join('; ')}`}
            </div>
          )}{' '}
          <IntentButton
            model={model}
            label="End turn"
            testid={`end-turn-${row.id}`}
            intent={{ kind: 'end-turn', tokenId: row.id }}
          />
        </>
      )}
      {removed && removed.returns !== 'never' && mayReturn && commands && (
        <>
          {' '}
          <IntentButton
            model={model}
            label="Return to the battlefield"
            testid={`return-to-play-${row.id}`}
            intent={{ kind: 'return-to-play', tokenId: row.id }}
          />
        </>
      )}
      {blights.length > 0 && row.status !== 'out' && (
        <div class="blights">
          {`Blights: ${blights.join(', ')} — ${blights.length} damage at turn start (not below 1 HP)`}
        </div>
      )}
    </li>
  );
}

/** "Brute", "Brute and Goblin", "Brute, Goblin and Husk". */
function listOf(names: string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
