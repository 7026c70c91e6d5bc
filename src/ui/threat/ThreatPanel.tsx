import type { ReadonlySignal } from '@preact/signals';
import type { CellData } from '../../schema/cell';
import { Lazy } from '../lazy/Lazy';
import { threatChunk } from '../lazy/chunks';
import type { ThreatTool } from './threatTool';

/** A character the panel offers in its lists. */
export interface ThreatChoice {
  id: string;
  name: string;
  side: 'party' | 'foes';
  /** This reader has its stats (only those can be planned for). */
  known: boolean;
}

/**
 * The threat map's panel (room dock and encounter builder): the toggle here, its controls and
 * inspector from the threat chunk once opened, so a page that never opens it never downloads them.
 */
export function ThreatPanel<T>(props: {
  tool: ThreatTool<T>;
  characters: readonly ThreatChoice[];
  pointer: ReadonlySignal<CellData | null>;
  defaultPlanned: string | null;
}) {
  const { tool } = props;
  const s = tool.state.value;
  const planned = () =>
    s.plannedId ??
    props.defaultPlanned ??
    props.characters.find((c) => c.known && c.side === 'party')?.id ??
    null;
  return (
    <section class="combat-threat" data-testid="threat-panel" aria-label="Threat map">
      <button
        data-testid="threat-tool"
        class={s.on ? 'active' : ''}
        aria-pressed={s.on}
        onClick={() => tool.update({ on: !s.on, plannedId: planned(), pinned: null })}
      >
        {s.on ? 'Close threat map' : 'Threat map'}
      </button>
      {s.on && (
        <Lazy
          chunk={threatChunk}
          render={(m) => <m.ThreatControls {...props} />}
          onUnavailable={() => tool.update({ on: false })}
        />
      )}
    </section>
  );
}
