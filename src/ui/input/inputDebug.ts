/** What a token drag shows right now: the token, the path's label and colour, the reach drawn. */
export interface DragView {
  readonly tokenId: string;
  /** The label beside the path: its cost, "out of reach", "free placement", "GM place"… */
  readonly label: string;
  /** False when the path is drawn red (the drop would be refused). */
  readonly ok: boolean;
  /** Squares the reach overlay has on screen. */
  readonly reachSquares: number;
}

/** `window.__iconVttInput`: a read-only copy of the drag in progress, for Playwright tests. */
export interface InputDebug {
  drag(): DragView | null;
}

declare global {
  interface Window {
    __iconVttInput?: InputDebug;
  }
}

export function installInputDebug(drag: () => DragView | null): void {
  const hook: InputDebug = { drag: () => (drag() ? { ...drag()! } : null) };
  Object.defineProperty(window, '__iconVttInput', { value: hook, configurable: true, writable: false });
}
