import * as Y from 'yjs';
import type { TableDocs } from './docLayout';
import { activeStep, GM_ORIGIN } from './docLayout';

/** Undo/redo for the GM's edits across both docs: one writer call = one step. */
export interface GmUndoManager {
  undo(): boolean;
  redo(): boolean;
  canUndo(): boolean;
  canRedo(): boolean;
  /** Called after every change of the stacks (for enabling toolbar buttons). */
  onChange(cb: () => void): () => void;
  destroy(): void;
}

interface Step {
  marker: object | null;
  managers: Y.UndoManager[];
}

interface EmptyCheck {
  insertions: { clients: Map<unknown, unknown> };
  deletions: { clients: Map<unknown, unknown> };
}
const isEmpty = (item: EmptyCheck): boolean =>
  item.insertions.clients.size === 0 && item.deletions.clients.size === 0;

/**
 * A Y.UndoManager per doc, tracking only the GM_ORIGIN transactions (the GM's own writers; never
 * the server's intent resolutions or remote changes), with no capture window so each writer call
 * is its own step. A writer that touched both docs (reveal, hide) is undone on both at once.
 */
export function createGmUndoManager(docs: TableDocs): GmUndoManager {
  const managers = [docs.public, docs.secrets]
    .filter((d): d is Y.Doc => !!d)
    .map((doc) => new Y.UndoManager(doc, { trackedOrigins: new Set([GM_ORIGIN]), captureTimeout: 0 }));
  const undoSteps: Step[] = [];
  const redoSteps: Step[] = [];
  const listeners = new Set<() => void>();
  let busy = false;
  const changed = () => listeners.forEach((cb) => cb());

  for (const manager of managers) {
    manager.on('stack-item-added', (event: { type: 'undo' | 'redo'; stackItem: EmptyCheck }) => {
      if (busy || event.type !== 'undo') return;
      // A writer's transaction on a doc it did not change (transactBoth opens both) leaves an
      // empty item, and undoing an empty item makes Yjs undo the item below it: an older step.
      if (isEmpty(event.stackItem)) {
        manager.undoStack.pop();
        return;
      }
      const last = undoSteps[undoSteps.length - 1];
      if (last && activeStep !== null && last.marker === activeStep) last.managers.push(manager);
      else undoSteps.push({ marker: activeStep, managers: [manager] });
      redoSteps.length = 0;
      changed();
    });
  }

  const replay = (from: Step[], to: Step[], action: 'undo' | 'redo'): boolean => {
    const step = from.pop();
    if (!step) return false;
    busy = true;
    try {
      const order = action === 'undo' ? [...step.managers].reverse() : step.managers;
      for (const manager of order) manager[action]();
    } finally {
      busy = false;
    }
    to.push({ marker: null, managers: step.managers });
    changed();
    return true;
  };

  return {
    undo: () => replay(undoSteps, redoSteps, 'undo'),
    redo: () => replay(redoSteps, undoSteps, 'redo'),
    canUndo: () => undoSteps.length > 0,
    canRedo: () => redoSteps.length > 0,
    onChange(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    destroy() {
      for (const manager of managers) manager.destroy();
      listeners.clear();
    },
  };
}
