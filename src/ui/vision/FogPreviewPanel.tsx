import type { Signal } from '@preact/signals';
import { effect, signal } from '@preact/signals';
import type { Container } from 'pixi.js';
import { CELL_SIZE_PX } from '../../grid/cell';
import { SightCache } from '../../grid/vision';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import { FogLayer } from '../../render/FogLayer';
import type { RoomModel } from '../model/RoomModel';
import type { FogOf, FogPreview } from './fogPreview';
import { fogPreview } from './fogPreview';
import { decodeSquares } from '../../table/vision/squareSet';

declare global {
  interface Window {
    /** The GM's fog preview as rows of `o` (seen) and `.` (unseen), for browser tests. */
    __iconVttFog?: { rows(): string[] | null };
  }
}

/** One page's fog preview: whose sight, and what it sees now. */
export interface FogPreviewTool {
  readonly of: Signal<FogOf | null>;
  readonly preview: Signal<FogPreview | null>;
}

/**
 * Starts the GM's fog preview on the battlefield (`host`, over the tokens: the GM still sees
 * everyone, dimmed where the chosen character cannot see them).
 */
export function mountFogPreview(
  model: RoomModel,
  renderer: BattlefieldRenderer,
  host: Container,
): FogPreviewTool {
  const of = signal<FogOf | null>(null);
  const preview = signal<FogPreview | null>(null);
  const layer = new FogLayer(CELL_SIZE_PX);
  host.addChild(layer.container);
  const cache = new SightCache();
  effect(() => {
    const snap = model.snapshot.value;
    const who = of.value;
    const p = snap && who ? fogPreview(snap, who, cache) : null;
    preview.value = p;
    layer.set(p?.seen ?? null, p?.width ?? 0, p?.height ?? 0);
    renderer.requestRender();
  });
  Object.defineProperty(window, '__iconVttFog', {
    configurable: true,
    writable: false,
    value: {
      rows: () => {
        const p = preview.peek();
        if (!p) return null;
        return Array.from({ length: p.height }, (_, y) =>
          Array.from({ length: p.width }, (_, x) => (p.seen[y * p.width + x] ? 'o' : '.')).join(''),
        );
      },
    },
  });
  return { of, preview };
}

const valueOf = (of: FogOf | null) => (of === null ? '' : of === 'party' ? 'party' : `id:${of.id}`);

/** The GM's "Fog of" list in the combat panel and what the chosen sight holds. */
export function FogPreviewPanel({ model, tool }: { model: RoomModel; tool: FogPreviewTool }) {
  const snap = model.snapshot.value;
  const party = (snap?.tokens ?? []).filter((t) => t.side === 'party' && t.combatant && t.state);
  const p = tool.preview.value;
  return (
    <section class="combat-fog" data-testid="fog-preview" aria-label="Fog preview">
      <label>
        Fog of{' '}
        <select
          data-testid="fog-of"
          value={valueOf(tool.of.value)}
          onChange={(e) => {
            const v = (e.target as HTMLSelectElement).value;
            tool.of.value = v === '' ? null : v === 'party' ? 'party' : { id: v.slice(3) };
          }}
        >
          <option value="">nobody (no fog)</option>
          <option value="party">the whole party</option>
          {party.map((t) => (
            <option key={t.id} value={`id:${t.id}`}>
              {t.state!.name}
            </option>
          ))}
        </select>
      </label>
      {p && (
        <div class="hint" data-testid="fog-summary">
          {`${p.viewers.join(' and ') || 'Nobody'} ${p.viewers.length === 1 ? 'sees' : 'see'} ${p.squaresSeen} of ${p.width * p.height} squares; ` +
            (p.foesSeen.length ? `foes in sight: ${p.foesSeen.join(', ')}.` : 'no foe in sight.')}
        </div>
      )}
    </section>
  );
}

/**
 * A player's fog of war (room setting `vision: 'party'`): the squares the party cannot see are
 * darkened. Drawing only: the server never sent this page a foe the party cannot see, so there is
 * nothing under the fog to hide; the sight is computed here from the party's public positions.
 */
export function mountPlayerFog(model: RoomModel, renderer: BattlefieldRenderer, host: Container): void {
  const layer = new FogLayer(CELL_SIZE_PX);
  host.addChild(layer.container);
  const cache = new SightCache();
  effect(() => {
    const snap = model.snapshot.value;
    const p = snap?.settings.vision === 'party' ? fogPreview(snap, 'party', cache) : null;
    // Squares the party saw before (this scene's), dimmed; never seen, nearly black.
    const text = snap && p ? snap.explored[snap.scene?.id ?? 'room'] : undefined;
    const explored = text !== undefined && p ? decodeSquares(text, p.width, p.height) : null;
    layer.set(p?.seen ?? null, p?.width ?? 0, p?.height ?? 0, explored ?? p?.seen ?? null);
    renderer.requestRender();
  });
}
