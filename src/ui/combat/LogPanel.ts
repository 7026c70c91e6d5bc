import type { RoomSnapshot } from '../../table/snapshot';
import { el, setChildren } from '../dom';
import { actorPrefix, logMarkdown } from './logMarkdown';

/** Entries shown at once; the export always holds the whole log. */
const SHOWN = 150;

/**
 * The fight's log: every resolution, move and change, newest first, each with its full trace
 * (dice, modifiers, damage steps) on click; the GM also sees the GM-only entries, which live in
 * the secrets doc and never reach players. Exports the whole log as Markdown.
 */
export class LogPanel {
  readonly root = el('section', { class: 'combat-log', 'data-testid': 'log-panel' });
  private open = new Set<string>();
  private lastKey = '';

  constructor(private readonly pin: (entryId: string) => void) {}

  /** The Markdown export of everything this reader can see. */
  markdown(snapshot: RoomSnapshot): string {
    const names: Record<string, string> = {};
    for (const t of snapshot.tokens) names[t.id] = t.state?.name ?? t.name;
    return logMarkdown(snapshot.log, {
      title: snapshot.roomName || 'icon-vtt',
      names,
      includeGmOnly: snapshot.view === 'gm',
    });
  }

  render(snapshot: RoomSnapshot | null): void {
    if (!snapshot) return setChildren(this.root);
    const key = `${snapshot.log.length}:${snapshot.log.at(-1)?.id ?? ''}:${[...this.open].join(',')}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    const exportButton = el('button', { 'data-testid': 'export-log' }, 'Export Markdown');
    exportButton.onclick = () => {
      const blob = new Blob([this.markdown(snapshot)], { type: 'text/markdown' });
      const a = el('a', {
        href: URL.createObjectURL(blob),
        download: `${(snapshot.roomName || 'fight').replace(/[^\w-]+/g, '-')}-log.md`,
      });
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    };
    const names = (id: string) =>
      id === 'gm' ? 'GM' : (snapshot.tokensById[id]?.state?.name ?? snapshot.tokensById[id]?.name ?? id);
    const list = el('ol', { class: 'log-entries', reversed: true, 'data-testid': 'log-entries' });
    for (const entry of snapshot.log.slice(-SHOWN).reverse()) {
      const who = actorPrefix(names(entry.actor), entry.summary);
      const li = el(
        'li',
        {
          'data-testid': 'log-entry',
          'data-kind': entry.kind,
          class: `${entry.kind}${entry.gmOnly ? ' gm-only' : ''}`,
        },
        who ? el('span', { class: 'who' }, `${who}:`) : '',
        who ? ' ' : '',
        entry.summary,
        // Room setting applyResults 'on-confirm': a roll whose change waits or was dropped.
        entry.pending && entry.pending.status !== 'applied'
          ? el(
              'span',
              { class: 'badge', 'data-testid': 'log-pending' },
              entry.pending.status === 'pending' ? ' waiting for Apply' : ' discarded',
            )
          : '',
        entry.gmOnly ? el('span', { class: 'badge' }, ' GM only') : '',
      );
      if (this.open.has(entry.id)) {
        const trace = el(
          'pre',
          { class: 'trace' },
          [
            ...entry.details,
            entry.dice.length ? `dice: ${entry.dice.map(([s, r]) => `d${s}=${r}`).join(', ')}` : '',
          ]
            .filter(Boolean)
            .join('\n'),
        );
        li.append(trace);
      }
      li.onclick = () => {
        if (this.open.has(entry.id)) this.open.delete(entry.id);
        else this.open.add(entry.id);
        this.pin(entry.id);
        this.lastKey = '';
        this.render(snapshot);
      };
      list.append(li);
    }
    setChildren(this.root, el('h3', {}, 'Log'), exportButton, list);
  }
}
