import { useState } from 'preact/hooks';
import type { LogEntry } from '../../schema/logEntry';
import { readSceneNames, type SceneName } from '../../table/scenes/readScenes';
import type { RoomSnapshot } from '../../table/snapshot';
import { entryNames } from './entryNames';
import type { RoomModel } from '../model/RoomModel';
import { onActivateKey } from '../onActivateKey';
import { actorPrefix, logMarkdown } from './logMarkdown';
import { logScenes, sceneRuns } from './logScenes';
import { fightsIn, inEarlierFight } from '../replay/fights';
import { stepThroughOf } from '../replay/stepThroughState';
import { Lazy } from '../lazy/Lazy';
import { replayChunk } from '../lazy/chunks';

/** Entries shown at once; the export always holds the whole log. */
const SHOWN = 150;

/** The GM's scenes by name, oldest first (the log's headings); none on a player's page. */
export function gmSceneNames(model: RoomModel): readonly SceneName[] {
  const secrets = model.host?.gm?.docs().secrets;
  return secrets ? readSceneNames(secrets) : [];
}

/**
 * The Markdown export of everything this reader can see: the log and the chat, by time, with a
 * heading per scene when the log has several (`gmScenes`: the GM's names for them).
 */
export function logMarkdownOf(snapshot: RoomSnapshot, gmScenes: readonly SceneName[] = []): string {
  const names: Record<string, string> = {};
  for (const t of snapshot.tokens) names[t.id] = t.state?.name ?? t.name;
  return logMarkdown(snapshot.log, {
    title: snapshot.roomName || 'icon-vtt',
    names,
    includeGmOnly: snapshot.view === 'gm',
    chat: snapshot.chat,
    scenes: logScenes(snapshot.log, snapshot.scene, gmScenes),
  });
}

function download(snapshot: RoomSnapshot, gmScenes: readonly SceneName[]): void {
  const blob = new Blob([logMarkdownOf(snapshot, gmScenes)], { type: 'text/markdown' });
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
 * Once the log spans several scenes it shows the active scene's entries, or all of them under a
 * heading per scene ("This scene" / "All scenes"; docs/table/scenes.md "The log").
 */
export function LogPanel({ model }: { model: RoomModel }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [everyScene, setEveryScene] = useState(false);
  const snapshot = model.snapshot.value;
  const pinned = model.pinnedEntry.value;
  if (!snapshot) return null;
  const gm = model.host?.gm;
  const gmScenes = gmSceneNames(model);
  const scenes = logScenes(snapshot.log, snapshot.scene, gmScenes);
  const all = everyScene || !scenes.several;
  const here = all ? snapshot.log : snapshot.log.filter((e) => scenes.keyOf(e) === scenes.active);
  const shown = here.slice(-SHOWN);
  // The entry picked in the log, while it is in sight: "this fight" is its fight.
  const picked = pinned !== null && here.some((e) => e.id === pinned) ? pinned : null;
  const earlier = inEarlierFight(snapshot.log, picked, snapshot.scene);
  const toggle = (id: string): void => {
    const next = new Set(open);
    if (!next.delete(id)) next.add(id);
    setOpen(next);
    model.pinnedEntry.value = id;
  };
  const line = (entry: LogEntry) => (
    <LogLine
      key={entry.id}
      entry={entry}
      who={actorPrefix(entryNames(snapshot, entry)(entry.actor), entry.summary)}
      open={open.has(entry.id)}
      toggle={toggle}
    />
  );
  return (
    <section class="combat-log" data-testid="log-panel" aria-label="Log">
      <h3>Log</h3>
      <div class="log-tools">
        <button data-testid="export-log" onClick={() => download(snapshot, gmScenes)}>
          Export Markdown
        </button>
        {/* On the map, the fight of the entry picked here (or the newest), from that entry on: only a
            fight since the party arrived in this scene (an earlier one is not drawn on this map). */}
        {!earlier && fightsIn(snapshot.log, snapshot.scene).length > 0 && (
          <button
            type="button"
            data-testid="step-through-open"
            title="See the map as it stood after each entry of this fight (nothing in the room changes)"
            onClick={() => (stepThroughOf(model).request.value = { entryId: picked })}
          >
            Step through this fight
          </button>
        )}
        {gm && <Lazy chunk={replayChunk} render={(m) => <m.VerifyFightButton gm={gm} />} />}
      </div>
      {scenes.several && (
        <label class="log-which">
          Show
          <select
            data-testid="log-scenes"
            value={all ? 'all' : 'here'}
            onChange={(e) => setEveryScene((e.target as HTMLSelectElement).value === 'all')}
          >
            <option value="here">This scene</option>
            <option value="all">All scenes</option>
          </select>
        </label>
      )}
      {earlier && (
        <p class="hint" data-testid="step-through-elsewhere">
          That fight is from before the party arrived here: the map has changed since, so it cannot be stepped
          through.
        </p>
      )}
      {all && scenes.several ? (
        <div class="log-entries log-by-scene" data-testid="log-entries">
          {sceneRuns(shown, scenes)
            .reverse()
            .map((run) => (
              <div class="log-scene" key={`${run.key}:${run.entries[0]!.id}`} data-testid="log-scene">
                <h4 data-testid="log-scene-name">{run.name}</h4>
                <ol reversed>{[...run.entries].reverse().map(line)}</ol>
              </div>
            ))}
        </div>
      ) : (
        <ol class="log-entries" reversed data-testid="log-entries">
          {[...shown].reverse().map(line)}
        </ol>
      )}
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
