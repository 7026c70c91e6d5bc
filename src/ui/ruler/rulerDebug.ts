/** `window.__iconVttRuler`: read-only copies of the rulers this page shows, for Playwright tests. */
export interface RulerDebug {
  /** Your own ruler's label lines and end square, or null when you hold none. */
  mine(): { lines: string[]; waypoints: number; to: { x: number; y: number } } | null;
  /** Others' rulers drawn on this page: whose, and the words measured here. */
  others(): Array<{ name: string; lines: string[] }>;
}

declare global {
  interface Window {
    __iconVttRuler?: RulerDebug;
  }
}

export function installRulerDebug(hook: RulerDebug): void {
  const copy: RulerDebug = {
    mine: () => {
      const m = hook.mine();
      return m ? { lines: [...m.lines], waypoints: m.waypoints, to: { ...m.to } } : null;
    },
    others: () => hook.others().map((o) => ({ name: o.name, lines: [...o.lines] })),
  };
  Object.defineProperty(window, '__iconVttRuler', { value: copy, configurable: true, writable: false });
}
