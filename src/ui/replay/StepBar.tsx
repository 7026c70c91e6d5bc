import { entryNames } from '../combat/entryNames';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { EntryResult } from '../combat/ResultPanel';
import { actorPrefix } from '../combat/logMarkdown';
import { isTyping } from '../input/installKeyboard';
import type { RoomModel } from '../model/RoomModel';
import { snapshotToScene } from '../snapshotToScene';
import { fightOf, inEarlierFight, roundJumps, roundsOf } from './fights';
import { stepThroughOf, type StepThroughRequest } from './stepThroughState';
import { tableAfter } from './tableBefore';
import './stepThrough.css';

/** Wide screens show the result card at once; a phone shows it when asked (it would cover the map). */
const WIDE = '(min-width: 761px)';

/**
 * The step-through of one fight (docs/ui/step-through.md): a bar over the map with the step's
 * round and place ("Round 3 · 5 of 12"), its log line and result card, and the buttons and keys
 * to move between entries and rounds. The room is read once, when it opens: new entries keep
 * arriving in the panels, the past moment stays put. It never writes: the map is handed a scene
 * (`pastScene`) derived from the room before the next entry, nothing else.
 */
export function StepBar(props: { model: RoomModel; request: StepThroughRequest; onClose(): void }) {
  const { model, onClose } = props;
  const [snapshot] = useState(() => model.snapshot.peek());
  const log = snapshot?.log ?? [];
  const scene = snapshot?.scene ?? null;
  // Only a fight since the party arrived in this scene: an earlier one is never drawn on this map.
  const fight = useMemo(() => fightOf(log, props.request.entryId, scene), [log, props.request.entryId]);
  const rounds = useMemo(() => (fight && snapshot ? roundsOf(log, fight) : []), [fight]);
  const [at, setAt] = useState(() => {
    const i = log.findIndex((e) => e.id === props.request.entryId);
    return fight && i >= fight.first && i <= fight.last ? i - fight.first : 0;
  });
  const [cardOpen, setCardOpen] = useState(() => window.matchMedia(WIDE).matches);
  const count = fight ? fight.last - fight.first + 1 : 0;
  const go = (i: number) => setAt(Math.max(0, Math.min(count - 1, i)));
  const jumps = roundJumps(rounds, at);

  // The map draws the room just after this step; closing hands it back to the live scene.
  const past = stepThroughOf(model).pastScene;
  useEffect(() => {
    if (snapshot && fight) past.value = snapshotToScene(tableAfter(snapshot, fight.first + at));
  }, [at]);
  useEffect(() => () => void (past.value = null), []);

  // Keys: ← / → entries, Page Up / Page Down rounds, Home / End, Esc closes. Taken first (in
  // capture), so the table's arrows and Esc do not also act; typing in a field keeps its keys.
  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = (e) => {
    if (e.defaultPrevented || isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    if (document.querySelector('dialog[open]')) return;
    const to: Record<string, () => void> = {
      ArrowLeft: () => go(at - 1),
      ArrowRight: () => go(at + 1),
      PageUp: () => go(jumps.previous),
      PageDown: () => go(jumps.next),
      Home: () => go(0),
      End: () => go(count - 1),
      Escape: onClose,
    };
    const f = to[e.key];
    if (!f) return;
    e.preventDefault();
    f();
  };
  // Attached as the bar is drawn (not an effect after the paint): a key pressed the moment it
  // shows is not lost (a browser test pressing End right away sometimes was, on a busy machine).
  useLayoutEffect(() => {
    const listener = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', listener, { capture: true });
    return () => window.removeEventListener('keydown', listener, { capture: true });
  }, []);
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => next.current?.focus({ preventScroll: true }), []);

  const entry = fight ? log[fight.first + at] : undefined;
  if (!snapshot || !fight || !entry)
    return (
      <div class="step-through" role="region" aria-label="Step through this fight" data-testid="step-through">
        <p class="step-banner" data-testid="step-none">
          {inEarlierFight(log, props.request.entryId, scene)
            ? 'That fight is from before the party arrived here: the map has changed since, so it cannot be stepped through.'
            : 'No fight here yet: a fight starts with “Combat starts”.'}
        </p>
        <div class="step-controls">
          <button type="button" onClick={onClose} data-testid="step-close">
            Close
          </button>
        </div>
      </div>
    );
  const who = actorPrefix(entryNames(snapshot, entry)(entry.actor), entry.summary);
  // A player's log keeps where a foe whose HP or stats are kept from them went, never its state
  // (the entry's public twin), so its HP and statuses are drawn as they are now.
  const unknown =
    snapshot.view === 'player' && snapshot.tokens.some((t) => t.hpHidden || (t.state && !t.statBlock));
  const button = (label: string, word: string, symbol: string, to: number, testid: string, key: string) => (
    <button
      type="button"
      aria-label={label}
      title={`${label} (${key})`}
      disabled={to === at}
      onClick={() => go(to)}
      data-testid={testid}
      ref={testid === 'step-next' ? next : undefined}
    >
      <span aria-hidden="true">{symbol}</span>
      <span class="word">{word}</span>
    </button>
  );
  return (
    <div class="step-through" role="region" aria-label="Step through this fight" data-testid="step-through">
      <div class="step-main">
        <div class="step-head">
          <p class="step-banner" data-testid="step-banner">
            You are viewing a past moment: the map shows the fight just after this entry. The table itself is
            unchanged; Close to see it now.
          </p>
          <button
            type="button"
            class="step-close"
            title="Close (Esc)"
            onClick={onClose}
            data-testid="step-close"
          >
            Close
          </button>
        </div>
        <div class="step-where" aria-live="polite">
          <strong data-testid="step-position">{`Round ${rounds[at] ?? 1} · ${at + 1} of ${count}`}</strong>
          <span data-testid="step-summary">
            {who && <span class="who">{`${who}: `}</span>}
            {entry.summary}
          </span>
        </div>
        <div class="step-controls">
          {button('First entry', 'First', '⇤', 0, 'step-first', 'Home')}
          {button('Previous round', 'Round', '«', jumps.previous, 'step-previous-round', 'Page Up')}
          {button('Previous entry', 'Back', '‹', Math.max(0, at - 1), 'step-previous', '←')}
          {button('Next entry', 'Next', '›', Math.min(count - 1, at + 1), 'step-next', '→')}
          {button('Next round', 'Round', '»', jumps.next, 'step-next-round', 'Page Down')}
          {button('Last entry', 'Last', '⇥', count - 1, 'step-last', 'End')}
          <button
            type="button"
            class="step-card-toggle"
            aria-expanded={cardOpen}
            title={cardOpen ? 'Hide the result card' : 'Show the result card'}
            onClick={() => setCardOpen(!cardOpen)}
            data-testid="step-card-toggle"
          >
            {cardOpen ? 'Result ▴' : 'Result ▾'}
          </button>
        </div>
        {unknown && (
          <p class="step-note" data-testid="step-note">
            Foes whose HP or stats are kept from players show their health as it is now: your log says where
            they stood, not how hurt they were.
          </p>
        )}
      </div>
      {cardOpen && (
        <div class="combat-dock step-card">
          <section class="combat-result" data-testid="step-result" aria-label="Result of this entry">
            <EntryResult model={model} snapshot={snapshot} entry={entry} past />
          </section>
        </div>
      )}
    </div>
  );
}
