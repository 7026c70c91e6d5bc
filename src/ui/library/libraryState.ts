import { signal, type Signal } from '@preact/signals';
import {
  entrySummary,
  type LibraryEntry,
  type LibraryFile,
  type LibraryKind,
  type LibrarySummary,
} from '../../schema/library';
import type { KeyValueStorage } from '../start/yourRooms';
import { downloadJson, libraryFileName } from './downloadJson';
import { libraryClient, LibraryProblemsError } from './libraryClient';
import { readLibraryKey, saveLibraryKey } from './libraryKey';
import type { ListedEntry } from './LibraryList';
import { newEntryData } from './newEntry';

/** What the editor has open: an entry of the library (with the version it read) or a new one. */
export type Editing =
  | { readonly mode: 'edit'; readonly entry: LibraryEntry }
  | { readonly mode: 'new'; readonly kind: LibraryKind; readonly data: LibraryEntry['data'] };

/** A refusal to show: the server's sentence and, for imports, each problem on its own line. */
export interface Refusal {
  readonly reason: string;
  readonly problems: readonly string[];
}

/**
 * The library panel's state and actions, apart from its markup: the key this browser keeps, the
 * entries (summaries), the starter set, what is being edited or deleted, and the last result.
 * Every action reports in words through `status` (done) or `refusal` (refused).
 */
export class LibraryState {
  readonly key: Signal<string | undefined>;
  readonly entries = signal<LibrarySummary[]>([]);
  readonly starter = signal<Array<ListedEntry & { data: LibraryEntry['data'] }>>([]);
  readonly starterProblem = signal('');
  readonly editing = signal<Editing | undefined>(undefined);
  readonly deleting = signal<ListedEntry | undefined>(undefined);
  readonly busy = signal(false);
  readonly status = signal('');
  readonly refusal = signal<Refusal | undefined>(undefined);

  constructor(private readonly storage: KeyValueStorage) {
    this.key = signal(readLibraryKey(storage));
  }

  /** First load: the starter set and, when this browser has a library, its entries. */
  async load(): Promise<void> {
    await Promise.all([this.loadStarter(), this.refresh()]);
  }

  private async loadStarter(): Promise<void> {
    try {
      const file: LibraryFile = await libraryClient.starter();
      this.starter.value = file.entries.map((e, i) => ({
        id: e.id ?? `starter-${i}`,
        kind: e.kind,
        name: e.data.name,
        summary: entrySummary(e.kind, e.data),
        data: e.data,
      }));
    } catch (e) {
      this.starterProblem.value = `The starter set could not be loaded: ${(e as Error).message}`;
    }
  }

  async refresh(): Promise<void> {
    const key = this.key.value;
    if (!key) return;
    try {
      this.entries.value = await libraryClient.list(key);
    } catch (e) {
      this.refuse('Your library could not be read', e);
    }
  }

  /** The key, starting a library on this server the first time something is put in it. */
  private async ensureKey(): Promise<string> {
    if (this.key.value) return this.key.value;
    const { key } = await libraryClient.create();
    saveLibraryKey(this.storage, key);
    this.key.value = key;
    return key;
  }

  /** Run one action: busy while it runs, its refusal shown in words, the list read again after. */
  private async run(what: string, action: (key: string) => Promise<string | void>): Promise<boolean> {
    this.busy.value = true;
    this.status.value = '';
    this.refusal.value = undefined;
    try {
      const said = await action(await this.ensureKey());
      if (said) this.status.value = said;
      await this.refresh();
      return true;
    } catch (e) {
      this.refuse(what, e);
      return false;
    } finally {
      this.busy.value = false;
    }
  }

  private refuse(what: string, e: unknown): void {
    const reason =
      e instanceof Error && 'reason' in e ? String((e as { reason: unknown }).reason) : String(e);
    const problems = e instanceof LibraryProblemsError ? e.problems : [];
    // With problems listed one per line, the headline only says that nothing was saved.
    const n = problems.length;
    this.refusal.value = n
      ? { reason: `${what}; nothing was saved (${n} problem${n === 1 ? '' : 's'}):`, problems }
      : { reason: `${what}: ${reason}`, problems };
  }

  copyStarter(entry: ListedEntry & { data: LibraryEntry['data'] }): Promise<boolean> {
    return this.run(`${entry.name} was not copied`, async (key) => {
      await libraryClient.add(key, entry.kind, entry.data);
      return `Copied ${entry.name} to your library.`;
    });
  }

  startNew(kind: LibraryKind): void {
    this.editing.value = { mode: 'new', kind, data: newEntryData(kind) };
  }

  edit(entry: ListedEntry): Promise<boolean> {
    return this.run(`${entry.name} could not be opened`, async (key) => {
      this.editing.value = { mode: 'edit', entry: await libraryClient.get(key, entry.id) };
    });
  }

  /** Save what the editor holds; on a refusal the editor stays open with the reason. */
  async save(data: LibraryEntry['data']): Promise<void> {
    const editing = this.editing.value;
    if (!editing) return;
    const saved = await this.run(`${data.name} was not saved`, async (key) => {
      if (editing.mode === 'edit')
        await libraryClient.replace(key, editing.entry.id, data, editing.entry.updatedAt);
      else await libraryClient.add(key, editing.kind, data);
      return `Saved ${data.name}.`;
    });
    if (saved) this.editing.value = undefined;
  }

  duplicate(entry: ListedEntry): Promise<boolean> {
    return this.run(`${entry.name} was not duplicated`, async (key) => {
      const copy = await libraryClient.duplicate(key, entry.id);
      return `Made ${copy.data.name}.`;
    });
  }

  async confirmDelete(): Promise<void> {
    const entry = this.deleting.value;
    if (!entry) return;
    this.deleting.value = undefined;
    await this.run(`${entry.name} was not deleted`, async (key) => {
      await libraryClient.remove(key, entry.id);
      return `Deleted ${entry.name}.`;
    });
  }

  exportAll(): Promise<boolean> {
    return this.run('The library was not exported', async (key) => {
      const file = await libraryClient.exportFile(key);
      const name = libraryFileName();
      downloadJson(name, file);
      return `Exported ${name}.`;
    });
  }

  /** Import a file the GM picked: nothing is saved unless every entry is valid. */
  importText(fileName: string, text: string): Promise<boolean> {
    return this.run(`${fileName} was not imported`, async (key) => {
      let file: unknown;
      try {
        file = JSON.parse(text);
      } catch {
        throw new Error('it is not a JSON file (export a library to see the format)');
      }
      const { added, replaced } = await libraryClient.importFile(key, file);
      const count = added + replaced;
      return `Imported ${count} entr${count === 1 ? 'y' : 'ies'}${replaced ? ` (${replaced} replaced an entry with the same id)` : ''}.`;
    });
  }
}
