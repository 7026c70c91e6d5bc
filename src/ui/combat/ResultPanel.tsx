import type { RefObject } from 'preact';
import { gmCombatChunk } from '../lazy/chunks';
import { Lazy } from '../lazy/Lazy';
import { Fragment } from 'preact';
import { useRef } from 'preact/hooks';
import type { LogEntry } from '../../schema/logEntry';
import { fullOutcome, outcomeOf } from '../../schema/outcome';
import type { RoomSnapshot } from '../../table/snapshot';
import { healthText } from './healthText';
import { entryNames } from './entryNames';
import { untouchedByArea } from '../../rules/areaOptions';
import type { RoomModel } from '../model/RoomModel';
import { isRedacted, latestResolution } from './latestResolution';
import { PendingAttention } from './pendingAttention';
import { PendingBlock } from './PendingBlock';
import type { ResultEffect } from './resultView';
import { attackResultView, effectView, traceLines } from './resultView';
import { resultLines } from './resultViews';
import { PlainVerdictBlock, ResultLines, VerdictBlock } from './ResultVerdict';

/**
 * The result of the newest roll (or the log entry picked in the log, `model.pinnedEntry`), as
 * every screen sees it: a roll waiting for Apply on top, then the verdict in large type (HIT /
 * MISS / CRITICAL, total vs Defense, damage taken), then the trace: each die, each modifier and
 * its source, the damage tier with bonus and boost, and each reduction step. The server rolled
 * and applied it in one step; the GM may set any number by hand or revert the whole application
 * (one step in the GM's undo history).
 */
export function ResultPanel({ model }: { model: RoomModel }) {
  const root = useRef<HTMLElement>(null);
  // Which waiting results already drew the eye: this page's, for as long as the panel lives.
  const attention = useRef<PendingAttention | null>(null);
  attention.current ??= new PendingAttention();
  const snapshot = model.snapshot.value;
  if (!snapshot) return null;
  const pinned = model.pinnedEntry.value;
  const entry = (pinned && snapshot.log.find((e) => e.id === pinned)) || latestResolution(snapshot.log);
  return (
    <section class="combat-result" data-testid="result-panel" aria-label="Result" ref={root}>
      <h3>Result</h3>
      {entry ? (
        <EntryResult
          model={model}
          snapshot={snapshot}
          entry={entry}
          attention={attention.current}
          root={root}
        />
      ) : (
        <div class="hint">No roll yet.</div>
      )}
    </section>
  );
}

/**
 * One entry's result card. `past` (the step-through of a fight, src/ui/replay): the card as it
 * read then, without what acts on the table now (Apply, the GM's tools) or its HP now.
 */
export function EntryResult(
  props: { model: RoomModel; snapshot: RoomSnapshot; entry: LogEntry } & (
    { attention: PendingAttention; root: RefObject<HTMLElement | null>; past?: false } | { past: true }
  ),
) {
  const { model, snapshot, entry } = props;
  const names = entryNames(snapshot, entry);
  const area = outcomeOf(entry.outcome, 'area');
  const attack = outcomeOf(entry.outcome, 'attack') ?? area?.attack ?? null;
  const view = attack ? attackResultView(attack, names) : null;
  // Any other kind: the numbers its checked view lists (src/ui/combat/resultViews.ts).
  const full = fullOutcome(entry.outcome);
  const otherLines = full && !view && !area ? resultLines(full, names) : [];
  // The verdict's damage is what was rolled; a pending result changes nothing until Apply, and
  // a GM's damage override (named in the block above) replaces the main target's number.
  const p = entry.pending;
  const when =
    p?.status === 'pending'
      ? ' on Apply'
      : p?.status === 'discarded'
        ? ' (discarded)'
        : p?.override
          ? ' as rolled (GM changed the damage)'
          : '';
  const affected = new Set<string>();
  const taken: string[] = [];
  const noteTaken = (name: string, e: ResultEffect) => {
    const a = e.application;
    if (a)
      taken.push(
        `${name}: −${a.hpLost} HP${a.vigorLost ? `, −${a.vigorLost} vigor` : ''}${a.defeated ? ', defeated' : ''}${when}`,
      );
  };
  for (const e of view?.effects ?? []) {
    affected.add(e.targetId);
    noteTaken(e.targetName, e);
  }
  if (attack) affected.add(attack.targetId);
  const areaViews = (area?.areaEffects ?? []).map((effect) => effectView(effect, names(effect.targetId)));
  for (const v of areaViews) {
    affected.add(v.targetId);
    noteTaken(v.targetName, v);
  }
  return (
    <>
      {/* Waiting changes first: the Apply button must never sit below the panel's fold. */}
      {!props.past && (
        <PendingBlock
          key={entry.id}
          model={model}
          entry={entry}
          snapshot={snapshot}
          title={view?.title ?? entry.summary}
          attention={props.attention}
          scrollTarget={props.root}
        />
      )}
      {view ? (
        <>
          <VerdictBlock view={view} taken={taken} />
          <div class="result-summary" data-testid="result-summary">
            {entry.summary}
          </div>
        </>
      ) : (
        <PlainVerdictBlock summary={entry.summary} taken={taken} />
      )}
      {/* The trace: every die, modifier and damage step, below the verdict. */}
      <div class="result-trace">
        {view && (
          <>
            <h4>{view.title}</h4>
            <ResultLines lines={traceLines(view.roll)} />
            {view.modifiers.length > 0 && (
              <div data-testid="result-modifiers">
                <ResultLines lines={view.modifiers} />
              </div>
            )}
            {view.effects.map((e, i) => (
              <ResultLines key={i} lines={e.lines} />
            ))}
          </>
        )}
        {otherLines.length > 0 && <ResultLines lines={otherLines} />}
        {areaViews.map((v, i) => (
          <Fragment key={i}>
            <h4>{v.targetName}</h4>
            <ResultLines lines={v.lines} />
          </Fragment>
        ))}
        {/* Everyone else in the area, so nobody it covered goes unmentioned. */}
        {area && untouchedByArea(area).length > 0 && (
          <ResultLines
            lines={untouchedByArea(area).map((id) => ({
              label: names(id),
              value: 'in the area, no area effect',
              testid: `result-untouched-${id}`,
            }))}
          />
        )}
        {isRedacted(entry) && entry.details.length > 0 && (
          <div class="result-details">
            {entry.details.map((d, i) => (
              <div key={i}>{d}</div>
            ))}
          </div>
        )}
        {entry.dice.length > 0 && (
          <div class="dice" data-testid="result-dice">
            {`Dice in order: ${entry.dice.map(([s, r]) => `d${s}=${r}`).join(', ')}`}
          </div>
        )}
      </div>
      {!props.past &&
        [...affected].map((id) => {
          const token = snapshot.tokensById[id];
          const st = token?.state;
          // A foe whose HP the room keeps from players: what they may know (`foeHp`).
          const health = token?.hpHidden ? healthText(token) : st ? `HP ${st.hp}, vigor ${st.vigor}` : '';
          return st ? (
            <div class="result-now" data-testid={`result-now-${id}`} key={id}>
              {`${st.name} now: ${health}${st.defeated ? ', defeated' : ''}`}
            </div>
          ) : null;
        })}
      {!props.past && model.viewer.role === 'gm' && (
        <Lazy
          chunk={gmCombatChunk}
          render={(m) => (
            <m.GmResultTools model={model} snapshot={snapshot} entry={entry} affected={[...affected]} />
          )}
        />
      )}
    </>
  );
}
