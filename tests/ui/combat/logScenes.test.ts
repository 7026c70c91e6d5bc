import { signal } from '@preact/signals';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it, vi } from 'vitest';
import type { LogEntry } from '../../../src/schema/logEntry';
import { LogEntrySchema } from '../../../src/schema/logEntry';
import { MapSchema } from '../../../src/schema/map';
import type { GmDocs } from '../../../src/table/scenes/sceneContent';
import { readSceneNames } from '../../../src/table/scenes/readScenes';
import { sceneFromMap } from '../../../src/table/scenes/sceneSources';
import { activateScene, createScene, renameScene, sceneList } from '../../../src/table/scenes/sceneWriters';
import { readSnapshot, type RoomSnapshot } from '../../../src/table/snapshot';
import { postLogNote } from '../../../src/table/writers/roomWriters';
import { LogPanel, logMarkdownOf } from '../../../src/ui/combat/LogPanel';
import { logMarkdown } from '../../../src/ui/combat/logMarkdown';
import { logScenes, sceneRuns } from '../../../src/ui/combat/logScenes';
import type { RoomModel } from '../../../src/ui/model/RoomModel';
import { mapOf, party, pc, room } from '../../table/fixtures';

const CRYPT = MapSchema.parse(mapOf(['......', '......'], undefined, 'Crypt'));

/**
 * The yard (a room that had one scene: its first lines carry no scene), then the crypt and back;
 * a second between lines, as at a table (the GM's log merges both docs' lines by time).
 */
function yardCryptYard(opts: { lineBeforeLeaving?: boolean } = {}): {
  docs: GmDocs;
  yard: string;
  crypt: string;
} {
  vi.useFakeTimers({ toFake: ['Date'] });
  let now = Date.UTC(2026, 10, 21, 19, 30, 0);
  const tick = (): number => {
    now += 1000;
    vi.setSystemTime(now);
    return now;
  };
  try {
    const docs = room({
      map: mapOf(['........', '........', '........', '........'], undefined, 'The yard'),
      party: party(pc('Ana'), pc('Bo')),
    });
    tick();
    postLogNote(docs, 'Ana picks the lock');
    const crypt = createScene(docs, 'The crypt', sceneFromMap(CRYPT), tick());
    const yard = sceneList(docs).find((s) => s.active)!.id;
    tick();
    if (opts.lineBeforeLeaving) postLogNote(docs, 'The gate creaks');
    activateScene(docs, crypt, tick());
    tick();
    postLogNote(docs, 'A ghoul stirs');
    tick();
    postLogNote(docs, 'The GM rolls for the ghoul', true);
    activateScene(docs, yard, tick());
    tick();
    postLogNote(docs, 'Dawn breaks');
    return { docs, yard, crypt };
  } finally {
    vi.useRealTimers();
  }
}

const summaries = (entries: readonly LogEntry[]) => entries.map((e) => e.summary);
const runsOf = (snap: RoomSnapshot, gmScenes = [] as ReturnType<typeof readSceneNames>) => {
  const scenes = logScenes(snap.log, snap.scene, gmScenes);
  return sceneRuns(snap.log, scenes).map((r) => [r.name, summaries(r.entries)]);
};

describe("the log's scenes (docs/table/scenes.md)", () => {
  it("players: each scene's lines under the name their log told them, the first scene's under 'Earlier'", () => {
    const { docs } = yardCryptYard();
    const snap = readSnapshot(docs.public);
    expect(runsOf(snap)).toEqual([
      // The yard's first lines carry no scene, and the switch away from it names only the crypt.
      ['Earlier', ['Ana picks the lock']],
      ['The crypt', ['The party moves on to The crypt', 'A ghoul stirs']],
      ['The yard', ['The party moves on to The yard', 'Dawn breaks']],
    ]);
    const scenes = logScenes(snap.log, snap.scene);
    expect(scenes.several).toBe(true);
    expect(summaries(snap.log.filter((e) => scenes.keyOf(e) === scenes.active))).toEqual([
      'The party moves on to The yard',
      'Dawn breaks',
    ]);
    // Never an id.
    expect(JSON.stringify(runsOf(snap))).not.toMatch(/scene-/);
  });

  it("the GM: the room's scenes name them all, the first one included; GM-only lines in their scene", () => {
    const { docs, yard } = yardCryptYard();
    renameScene(docs, sceneList(docs).find((s) => s.name === 'The crypt')!.id, 'The old crypt');
    const snap = readSnapshot(docs.public, docs.secrets);
    const gmScenes = readSceneNames(docs.secrets);
    expect(gmScenes.map((s) => s.name)).toEqual(['The yard', 'The old crypt']);
    expect(runsOf(snap, gmScenes)).toEqual([
      ['The yard', ['Ana picks the lock']],
      ['The old crypt', ['The party moves on to The crypt', 'A ghoul stirs', 'The GM rolls for the ghoul']],
      ['The yard', ['The party moves on to The yard', 'Dawn breaks']],
    ]);
    const scenes = logScenes(snap.log, snap.scene, gmScenes);
    expect(scenes.active).toBe(yard);
    expect(summaries(snap.log.filter((e) => scenes.keyOf(e) === scenes.active))).toEqual([
      'Ana picks the lock',
      'The party moves on to The yard',
      'Dawn breaks',
    ]);
    // The party's stay here began with the switch back.
    expect(snap.log[scenes.arrivedAt]?.summary).toBe('The party moves on to The yard');
  });

  it('preparing a scene tells players nothing: lines from before the party first moved on read "Earlier"', () => {
    const { docs } = yardCryptYard({ lineBeforeLeaving: true });
    expect(runsOf(readSnapshot(docs.public))).toEqual([
      ['Earlier', ['Ana picks the lock', 'The gate creaks']],
      ['The crypt', ['The party moves on to The crypt', 'A ghoul stirs']],
      ['The yard', ['The party moves on to The yard', 'Dawn breaks']],
    ]);
  });

  it('a room that never had a second scene is one scene: no headings, the whole log is this scene', () => {
    const docs = room({ map: mapOf(['....']), party: party(pc('Ana')) });
    postLogNote(docs, 'Ana picks the lock');
    const snap = readSnapshot(docs.public);
    const scenes = logScenes(snap.log, snap.scene);
    expect([scenes.several, scenes.arrivedAt]).toEqual([false, 0]);
    expect(logMarkdownOf(snap)).not.toContain('## ');
  });
});

const T0 = Date.UTC(2026, 10, 21, 19, 30, 0);
const entry = (e: Partial<LogEntry> & Pick<LogEntry, 'id' | 'kind' | 'summary'>): LogEntry =>
  LogEntrySchema.parse({ actor: 'gm', ...e });

describe('the Markdown export of a log of several scenes', () => {
  it('has a heading per scene, in order, and its rounds one level below', () => {
    const log = [
      entry({ id: 'a', at: T0, kind: 'note', summary: 'Ana picks the lock' }),
      entry({
        id: 'b',
        at: T0 + 1000,
        kind: 'note',
        summary: 'The party moves on to The *crypt*',
        scene: 'c',
      }),
      entry({ id: 'c', at: T0 + 2000, kind: 'turn', summary: 'Combat starts: round 1', scene: 'c' }),
      entry({ id: 'd', at: T0 + 3000, kind: 'turn', summary: 'Combat ends', scene: 'c' }),
      entry({ id: 'e', at: T0 + 4000, kind: 'note', summary: 'The party moves on to The yard', scene: 'y' }),
    ];
    const md = logMarkdown(log, {
      title: 'Arena',
      scenes: logScenes(log, { id: 'y', name: 'The yard' }),
      chat: [{ id: 'm', at: T0 + 3500, from: 'Mira', text: 'Onwards' }],
    });
    expect(md).toBe(
      [
        '# Arena — combat log',
        '',
        '## Earlier',
        '',
        '- `19:30:00` **Note** — GM: Ana picks the lock',
        '',
        '## The \\*crypt\\*',
        '',
        '- `19:30:01` **Note** — GM: The party moves on to The \\*crypt\\*',
        '',
        '### Round 1',
        '',
        '- `19:30:02` **Turn** — GM: Combat starts: round 1',
        '- `19:30:03` **Turn** — GM: Combat ends',
        '- `19:30:03` **Chat** — Mira: Onwards',
        '',
        '## The yard',
        '',
        '- `19:30:04` **Note** — GM: The party moves on to The yard',
        '',
      ].join('\n'),
    );
  });

  it("the page's export: the GM's names, the scenes in the order the party went", () => {
    const { docs } = yardCryptYard();
    const gm = logMarkdownOf(readSnapshot(docs.public, docs.secrets), readSceneNames(docs.secrets));
    const headings = gm.split('\n').filter((l) => l.startsWith('## '));
    expect(headings).toEqual(['## The yard', '## The crypt', '## The yard']);
    expect(gm).toContain('The GM rolls for the ghoul _(GM only)_');
    const players = logMarkdownOf(readSnapshot(docs.public));
    expect(players.split('\n').filter((l) => l.startsWith('## '))).toEqual([
      '## Earlier',
      '## The crypt',
      '## The yard',
    ]);
    expect(players).not.toContain('The GM rolls');
  });
});

describe('the Log panel', () => {
  const panel = (snap: RoomSnapshot, pinned: string | null = null) =>
    renderToString(
      h(LogPanel, {
        model: { snapshot: signal(snap), pinnedEntry: signal(pinned) } as unknown as RoomModel,
      }),
    );

  it('shows this scene by default, with the choice of all scenes', () => {
    const { docs } = yardCryptYard();
    const html = panel(readSnapshot(docs.public));
    expect(html).toContain('data-testid="log-scenes"');
    expect(html).toContain('<option selected value="here">This scene</option>');
    expect(html).toContain('Dawn breaks');
    expect(html).not.toContain('A ghoul stirs');
    expect(html).not.toContain('log-scene-name');
  });

  it('has no choice in a room of one scene', () => {
    const docs = room({ map: mapOf(['....']), party: party(pc('Ana')) });
    postLogNote(docs, 'Ana picks the lock');
    const html = panel(readSnapshot(docs.public));
    expect(html).not.toContain('log-scenes');
    expect(html).toContain('Ana picks the lock');
  });
});
