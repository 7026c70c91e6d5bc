import { signal, type ReadonlySignal } from '@preact/signals';
import type { Drawing } from '../../schema/drawing';
import type { TableConnection } from '../../table/client';
import { rootsOf } from '../../table/docLayout';
import { readDrawings } from '../../table/readDrawings';

/**
 * The drawings this viewer receives, oldest first: the public doc's table layer, and for the GM
 * the secrets doc's GM layer. Follows the docs' `drawings` roots only (a move or a roll does not
 * touch it), and the fresh docs after a refused write (`onReset`). Returns the signal and a stop.
 */
export function watchDrawings(conn: TableConnection): {
  drawings: ReadonlySignal<readonly Drawing[]>;
  stop(): void;
} {
  const drawings = signal<readonly Drawing[]>([]);
  let unobserve = () => {};
  const attach = () => {
    unobserve();
    const docs = conn.docs;
    const read = () => {
      const table = readDrawings(docs.public, 'table');
      const gm = docs.secrets ? readDrawings(docs.secrets, 'gm') : [];
      drawings.value = [...table, ...gm].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
    };
    const maps = [docs.public, docs.secrets].flatMap((doc) => (doc ? [rootsOf(doc).drawings] : []));
    maps.forEach((map) => map.observe(read));
    unobserve = () => maps.forEach((map) => map.unobserve(read));
    read();
  };
  attach();
  const offReset = conn.onReset(attach);
  return {
    drawings,
    stop() {
      offReset();
      unobserve();
    },
  };
}
