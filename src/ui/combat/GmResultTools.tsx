import { useState } from 'preact/hooks';
import type { LogEntry } from '../../schema/logEntry';
import type { RoomSnapshot, TokenView } from '../../table/snapshot';
import type { RoomModel } from '../model/RoomModel';
import { applicationOf, changedSince } from './applicationHistory';
import { overrideNumbers, revertApplication } from './gmCombatWrites';
import { offersUndoApplication } from './gmTools';
import { applyingEntryOf } from './pendingResultView';

/**
 * The GM's tools under a result: take the whole application back, undo/redo those GM writes
 * (one step each, in the same history as the editor's Ctrl+Z), and set any character's HP,
 * vigor and wounds by hand.
 */
export function GmResultTools(props: {
  model: RoomModel;
  snapshot: RoomSnapshot;
  entry: LogEntry;
  affected: readonly string[];
}) {
  const { model, snapshot, entry } = props;
  const gm = model.host?.gm;
  if (!gm) return null;
  // An applied on-confirm result was changed by its Apply entry, so that is what undo takes back.
  const applying = applyingEntryOf(snapshot.log, entry.id);
  const app = (applying && applicationOf(applying)) || applicationOf(entry);
  const moved = app && offersUndoApplication(entry) ? changedSince(app, snapshot) : null;
  return (
    <>
      {app && moved && (
        <button
          type="button"
          data-testid="revert-application"
          title={
            moved.length
              ? `Changed since: ${moved.join(', ')} (reverting restores the state before the roll)`
              : 'Restore everyone it changed'
          }
          onClick={() => {
            revertApplication(gm.docs(), app);
            model.say(`Reverted: ${app.summary} ("Undo GM change" re-applies it)`, 'ok');
          }}
        >
          Undo this application
        </button>
      )}
      <div class="row">
        <button
          type="button"
          data-testid="gm-combat-undo"
          title="Undo the last revert or override made here (one step each)"
          onClick={() => model.say(gm.undo() ? 'Undone' : 'Nothing to undo', 'info')}
        >
          Undo GM change
        </button>{' '}
        <button
          type="button"
          data-testid="gm-combat-redo"
          onClick={() => model.say(gm.redo() ? 'Redone' : 'Nothing to redo', 'info')}
        >
          Redo
        </button>
      </div>
      {props.affected.map((id) => {
        const token = snapshot.tokensById[id];
        return token?.state ? <OverrideRow key={id} model={model} token={token} /> : null;
      })}
    </>
  );
}

type Field = 'hp' | 'vigor' | 'wounds';
const MAX: Record<Field, number> = { hp: 9999, vigor: 9999, wounds: 3 };
const LABEL: Record<Field, string> = { hp: 'HP', vigor: 'vigor', wounds: 'wounds' };

/**
 * One character's numbers set by hand. A box shows the current value until the GM types in it;
 * what was typed stays (a snapshot arriving patches the row) until Set writes it.
 */
function OverrideRow({ model, token }: { model: RoomModel; token: TokenView }) {
  const [drafts, setDrafts] = useState<Partial<Record<Field, string>>>({});
  const st = token.state!;
  const value = (f: Field): number => Math.min(MAX[f], Math.max(0, Number(drafts[f] ?? st[f]) | 0));
  const set = (): void => {
    const gm = model.host?.gm;
    if (!gm) return;
    const hp = value('hp');
    const vigor = value('vigor');
    const wounds = value('wounds');
    overrideNumbers(gm.docs(), token.id, { hp, vigor, wounds });
    setDrafts({});
    model.say(
      `GM set ${st.name}: HP ${hp}, vigor ${vigor}, wounds ${wounds} ("Undo GM change" undoes it)`,
      'ok',
    );
  };
  const box = (f: Field) => (
    <input
      type="number"
      min={0}
      max={MAX[f]}
      style="width:4em"
      aria-label={`${st.name}: ${LABEL[f]}`}
      data-testid={`override-${f}-${token.id}`}
      value={drafts[f] ?? String(st[f])}
      onInput={(e) => setDrafts({ ...drafts, [f]: e.currentTarget.value })}
    />
  );
  return (
    <div class="row">
      {`Override ${st.name}: HP `}
      {box('hp')}
      {' vigor '}
      {box('vigor')}
      {' wounds '}
      {box('wounds')}{' '}
      <button type="button" data-testid={`override-set-${token.id}`} onClick={set}>
        Set
      </button>
    </div>
  );
}
