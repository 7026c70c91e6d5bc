import { useState } from 'preact/hooks';
import type { LogEntry } from '../../schema/logEntry';
import type { RoomSnapshot } from '../../table/snapshot';
import { entryNames } from './entryNames';
import type { RoomModel } from '../model/RoomModel';
import { onActivateKey } from '../onActivateKey';
import { actorPrefix, logMarkdown } from './logMarkdown';
import { fightsIn } from '../replay/fights';
import { stepThroughOf } from '../replay/stepThroughState';
import { Lazy } from '../lazy/Lazy';
import { replayChunk } from '../lazy/chunks';

/** Entries shown at once; the export always holds the whole log. */
const SHOWN = 150;

/** The Markdown export of everything this reader can see: the log and the chat, by time. */
export function logMarkdownOf(snapshot: RoomSnapshot): string {
  const names: Record<string, string> = {};
  for (const t of snapshot.tokens) names[t.id] = t.state?.name ?? t.name;
  return logMarkdown(snapshot.log, {
    title: snapshot.roomName || 'icon-vtt',
    names,
    includeGmOnly: snapshot.view === 'gm',
    chat: snapshot.chat,
  });
}

function download(snapshot: RoomSnapshot): void {
  const blob = new Blob([logMarkdownOf(snapshot)], { type: 'text/markdown' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${(snapshot.roomName || 'fight').replace(/[^\w-]+/g, '-')}-log.md`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/**
 * The fight's log: every resolution, move and change, newest first, each with its full trace
 * (dice, modifiers, damage steps) on click, which also shows it in the result panel; the GM also
 * sees the GM-only entries, which live in the secrets doc and never reach players. Exports the
 * whole log as Markdown. Keyed by entry id, so a new line never redraws (or closes) the others.
 */
export function LogPanel({ model }: { model: RoomModel }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const snapshot = model.snapshot.value;
  if (!snapshot) return null;
  const gm = model.host?.gm;
  const toggle = (id: string): void => {
    const next = new Set(open);
    if (!next.delete(id)) next.add(id);
    setOpen(next);
    model.pinnedEntry.value = id;
  };
  return (
    <section class="combat-log" data-testid="log-panel" aria-label="Log">
      <h3>Log</h3>
      <button data-testid="export-log" onClick={() => download(snapshot)}>
        Export Markdown
      </button>
      {/* On the map, the fight of the entry picked here (or the newest), from that entry on. */}
      {fightsIn(snapshot.log).length > 0 && (
        <button
          type="button"
          data-testid="step-through-open"
          title="See the map as it stood after each entry of this fight (nothing in the room changes)"
          onClick={() => (stepThroughOf(model).request.value = { entryId: model.pinnedEntry.peek() })}
        >
          Step through this fight
        </button>
      )}
      {gm && <Lazy chunk={replayChunk} render={(m) => <m.VerifyFightButton gm={gm} />} />}
      <ol class="log-entries" reversed data-testid="log-entries">
        {snapshot.log
          .slice(-SHOWN)
          .reverse()
          .map((entry) => (
            <LogLine
              key={entry.id}
              entry={entry}
              who={actorPrefix(entryNames(snapshot, entry)(entry.actor), entry.summary)}
              open={open.has(entry.id)}
              toggle={toggle}
            />
          ))}
      </ol>
    </section>
  );
}

function LogLine(props: {
  entry: LogEntry;
  who: string | null;
  open: boolean;
  toggle: (id: string) => void;
}) {
  const { entry, who } = props;
  return (
    <li
      data-testid="log-entry"
      data-kind={entry.kind}
      class={`${entry.kind}${entry.gmOnly ? ' gm-only' : ''}`}
      tabIndex={0}
      aria-expanded={props.open}
      onClick={() => props.toggle(entry.id)}
      onKeyDown={onActivateKey(() => props.toggle(entry.id))}
    >
      {who && <span class="who">{`${who}:`}</span>}
      {who ? ' ' : ''}
      {entry.summary}
      {/* Room setting applyResults 'on-confirm': a roll whose change waits or was dropped. */}
      {entry.pending && entry.pending.status !== 'applied' && (
        <span class="badge" data-testid="log-pending">
          {entry.pending.status === 'pending' ? ' waiting for Apply' : ' discarded'}
        </span>
      )}
      {entry.gmOnly && <span class="badge"> GM only</span>}
      {props.open && (
        <pre class="trace">
          {[
            ...entry.details,
            entry.dice.length ? `dice: ${entry.dice.map(([s, r]) => `d${s}=${r}`).join(', ')}` : '',
          ]
            .filter(Boolean)
            .join('\n')}
        </pre>
      )}
    </li>
  );
}
