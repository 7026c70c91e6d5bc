import { useState } from 'preact/hooks';

import type { RoomModel } from '../model/RoomModel';
import { commandable } from '../model/commandable';
import { choiceLabel } from './actionChoices';
import { AreaSection } from './AreaSection';
import { AttackSection } from './AttackSection';
import { EffectSection } from './EffectSection';
import { gmOfferButtons, interruptOfferRows } from './interruptOfferRows';
import type { ActionsLeft } from './turnTracker';
import { actionsLeftOf } from './turnTracker';
import { undoMoveOffer } from './undoMoveOffer';

/**
 * The Act panel: who acts (following the turn, see RoomModel), which ability or basic action,
 * and for it the range, targets in range and sight with cover, boons/curses and reasons, the exact
 * chance to hit and the damage per tier; area templates; Run/Dash paths; interrupt offers. Every
 * button sends an intent; the server rolls and answers with the outcome or a refusal.
 */
export function ActionPanel({ model }: { model: RoomModel }) {
  const d = model.derived.value;
  if (!d) return null;
  const s = model.combat.value;
  const viewer = model.viewer;
  const mine = commandable(d.snapshot, viewer.role, viewer.characterIds);
  const turn = d.snapshot.turn;
  const done = !!(s.actorId && turn && turn.acted.includes(s.actorId) && turn.currentId !== s.actorId);
  const left = s.actorId && turn && !done ? actionsLeftOf(d.snapshot, s.actorId) : null;
  const undo = s.actorId ? undoMoveOffer(d.snapshot, s.actorId) : null;
  const resolve = s.actorId ? (d.snapshot.tokensById[s.actorId]?.state?.resolve ?? null) : null;
  return (
    <section class="combat-actions" data-testid="combat-actions" aria-label="Act">
      <h3>Act</h3>
      <label>
        Character{' '}
        <select
          data-testid="combat-actor"
          value={s.actorId ?? ''}
          onChange={(e) => model.chooseActor(e.currentTarget.value || null)}
        >
          <option value="">— who acts —</option>
          {mine.map((t) => (
            <option key={t.id} value={t.id}>
              {t.state!.name}
            </option>
          ))}
        </select>
      </label>
      {done && (
        <div class="actions-left" data-testid="actions-left">
          Done this round: acts again next round.
        </div>
      )}
      {left && <ActionsLeftLine left={left} />}
      <Offers model={model} />
      {undo && (
        <div class="row">
          <button data-testid="undo-move" onClick={() => void model.act(undo.label, undo.intent)}>
            {undo.label}
          </button>
        </div>
      )}
      {s.actorId && (
        <label>
          Action{' '}
          <select
            data-testid="combat-action"
            value={s.choiceId ?? ''}
            onChange={(e) => model.choose(e.currentTarget.value || null)}
          >
            <option value="">— ability or action —</option>
            {d.choices.map((c) => (
              <option key={c.id} value={c.id}>
                {choiceLabel(c, resolve)}
              </option>
            ))}
          </select>
        </label>
      )}
      {s.actorId && <ChoiceBody model={model} actorId={s.actorId} />}
      <div class="refusal" data-testid="action-refusal" role="alert">
        {s.refusal ?? ''}
      </div>
    </section>
  );
}

function ActionsLeftLine({ left }: { left: ActionsLeft }) {
  return (
    <div class="actions-left" data-testid="actions-left">
      {`Actions ${left.actions}/${left.actionsPerTurn} · move ${left.movementLeft}/${left.speed}${left.moveSpent ? ' (spent)' : ''} · attack ${left.attackUsedThisRound ? 'used this round' : 'available'}` +
        (left.interrupts.length
          ? ` · interrupts ${left.interrupts.map((i) => `${i.name} ${i.left}/${i.of}`).join(', ')}`
          : '') +
        (left.cannotAttack ? ` · cannot attack (${left.cannotAttack})` : '') +
        (left.resolve !== null ? ` · Resolve ${left.resolve}` : '')}
    </div>
  );
}

/**
 * Interrupts offered because their trigger happened: picking one selects its owner and ability;
 * declining removes the offer. The GM also confirms a trigger for the acting character.
 */
function Offers({ model }: { model: RoomModel }) {
  const d = model.derived.value!;
  const viewer = model.viewer;
  const rows = interruptOfferRows(d.snapshot, commandable(d.snapshot, viewer.role, viewer.characterIds));
  const actorId = model.combat.value.actorId;
  const confirm = viewer.role === 'gm' && actorId ? gmOfferButtons(d.snapshot, actorId) : [];
  return (
    <>
      {rows.length > 0 && (
        <div data-testid="interrupt-offers">
          {rows.map((row) => (
            <div class="row" key={`${row.ownerId}:${row.choiceId}`}>
              <button
                data-testid="interrupt-offer"
                onClick={() => {
                  model.chooseActor(row.ownerId);
                  model.choose(row.choiceId);
                }}
              >
                {row.label}
              </button>
              <button data-testid="decline-interrupt" onClick={() => void model.act('Decline', row.decline)}>
                Decline
              </button>
            </div>
          ))}
        </div>
      )}
      {confirm.length > 0 && (
        <div class="row">
          {confirm.map((o) => (
            <button
              key={o.label}
              data-testid="offer-interrupt"
              onClick={() => void model.act(o.label, o.intent)}
            >
              {o.label}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

/** What the picked action needs: targets, a template, a destination, or a note. */
function ChoiceBody({ model, actorId }: { model: RoomModel; actorId: string }) {
  const d = model.derived.value!;
  const choice = d.choice;
  if (!choice) return null;
  if (choice.kind === 'attack') return <AttackSection model={model} actorId={actorId} choice={choice} />;
  if (choice.kind === 'area') return <AreaSection model={model} actorId={actorId} />;
  if (choice.kind === 'basic') return <BasicAction model={model} actorId={actorId} />;
  if (choice.kind === 'move') {
    const p = d.movePath;
    return (
      <>
        <div data-testid="move-path">
          {p ? `Path of ${p.path.length} squares, cost ${p.cost}` : 'Click a destination within reach.'}
        </div>
        <div class="act-primary">
          <button
            data-testid="move-action"
            disabled={!p}
            onClick={() =>
              p &&
              void model.act(choice.label, { kind: 'move', tokenId: actorId, path: p.path, mode: choice.id })
            }
          >
            {choice.label}
          </button>
        </div>
      </>
    );
  }
  if (d.effect) return <EffectSection model={model} actorId={actorId} />;
  return (
    <div class="hint">
      {`${choice.ability.description || choice.label}: nothing to apply; the GM carries it out by hand.`}
    </div>
  );
}

/** Interact (with a note), Help or Rescue (a character picked on the map). */
function BasicAction({ model, actorId }: { model: RoomModel; actorId: string }) {
  const [note, setNote] = useState('');
  const d = model.derived.value!;
  const choice = d.choice;
  if (choice?.kind !== 'basic') return null;
  const targetId = model.combat.value.targetId;
  const target = targetId ? d.snapshot.tokensById[targetId] : undefined;
  const send = (): void =>
    void model.act(choice.label, {
      kind: 'basic-action',
      tokenId: actorId,
      action: choice.id,
      ...(target ? { targetId: target.id } : {}),
      ...(choice.id === 'interact' && note.trim() ? { note: note.trim() } : {}),
    });
  return (
    <>
      {choice.id === 'interact' ? (
        <input
          type="text"
          placeholder="what (pull the lever…)"
          aria-label="What the character interacts with"
          maxLength={200}
          data-testid="interact-note"
          value={note}
          onInput={(e) => setNote(e.currentTarget.value)}
        />
      ) : (
        <div class="hint">
          {`Click ${choice.id === 'rescue' ? 'an adjacent defeated ally' : 'a character in range 3'} on the map.`}
        </div>
      )}
      <div class="act-primary">
        <button data-testid="basic-action" disabled={choice.id !== 'interact' && !target} onClick={send}>
          {`${choice.label}${target ? ` → ${target.state?.name ?? target.name}` : ''}`}
        </button>
      </div>
    </>
  );
}
