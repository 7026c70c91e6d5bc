import type { Signal } from '@preact/signals';
import { effect, signal } from '@preact/signals';
import type { Container } from 'pixi.js';
import { CELL_SIZE_PX } from '../../grid/cell';
import { SightCache } from '../../grid/vision';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import { FogLayer, type FogShades } from '../../render/FogLayer';
import type { RoomSnapshot } from '../../table/snapshot';
import { decodeSquares } from '../../table/vision/squareSet';
import type { RoomModel } from '../model/RoomModel';
import { canCommand } from '../Scene';
import { attachFogBrush, fogBrush, type FogBrush } from './attachFogBrush';
import { FogBrushControls } from './FogBrushControls';
import type { FogOf, FogPreview } from './fogPreview';
import { fogPreview } from './fogPreview';
import { publishKnown } from './publishKnown';
import { inviteListOf } from '../inviteList';

declare global {
  interface Window {
    /**
     * The fog on this page, for browser tests: `rows()` the squares seen now as `o` (`.` not
     * seen); `shades()` what is drawn, `o` seen, `-` dimmed (explored), `#` dark (never seen).
     */
    __iconVttFog?: { rows(): string[] | null; shades(): string[] | null };
  }
}

/** One page's fog preview: whose sight, what it sees now, and the GM's fog brush. */
export interface FogPreviewTool {
  readonly of: Signal<FogOf | null>;
  readonly preview: Signal<FogPreview | null>;
  readonly brush: FogBrush;
}

/** The GM's fog: under "the whole party", never-seen squares a little lighter than players' (the GM paints there). */
const GM_FOG: FogShades = { dimmed: 0.55, dark: 0.8 };

/** The player a choice of "Fog of" names (per-player fog), or null. */
function playerOf(of: FogOf | null) {
  return of && of !== 'party' && 'channel' in of && of.channel
    ? { channel: of.channel, characterIds: of.ids, name: of.name ?? 'this player' }
    : null;
}

/**
 * What the chosen sight has explored of the scene the party is in, on `p`'s map: the party's
 * under shared fog, the chosen player's under per-player fog (none yet: nothing); null when the
 * fog drawn is only a preview (nothing explored to draw or paint). With `p` null, only whether.
 */
function paintedOf(snap: RoomSnapshot, p: FogPreview | null, of: FogOf): Uint8Array | null {
  const scene = snap.scene?.id ?? 'room';
  const player = playerOf(of);
  const text =
    of === 'party' && snap.settings.vision === 'party'
      ? snap.explored[scene]
      : player && snap.settings.vision === 'per-player'
        ? snap.playerExplored[`${player.channel}:${scene}`]
        : null;
  if (text === null) return null;
  if (!p) return new Uint8Array(0);
  return (
    (text !== undefined ? decodeSquares(text, p.width, p.height) : null) ?? new Uint8Array(p.width * p.height)
  );
}

/** The page's fog for browser tests, from what `preview` and `layer` hold now. */
function exposeFog(preview: () => FogPreview | null, layer: FogLayer): void {
  Object.defineProperty(window, '__iconVttFog', {
    configurable: true,
    writable: false,
    value: {
      rows: () => {
        const p = preview();
        if (!p) return null;
        return Array.from({ length: p.height }, (_, y) =>
          Array.from({ length: p.width }, (_, x) => (p.seen[y * p.width + x] ? 'o' : '.')).join(''),
        );
      },
      shades: () => layer.shadeRows(),
    },
  });
}

/**
 * Starts the GM's fog preview on the battlefield (`host`, over the tokens: the GM still sees
 * everyone, dimmed where the chosen character cannot see them). For the whole party with fog of
 * war on, what the party explored is drawn as players see it, and the GM's fog brush paints it.
 */
export function mountFogPreview(
  model: RoomModel,
  renderer: BattlefieldRenderer,
  host: Container,
): FogPreviewTool {
  const of = signal<FogOf | null>(null);
  const preview = signal<FogPreview | null>(null);
  const brush = fogBrush();
  const layer = new FogLayer(CELL_SIZE_PX, GM_FOG);
  host.addChild(layer.container);
  const cache = new SightCache();
  effect(() => {
    const snap = model.snapshot.value;
    const who = of.value;
    const p = snap && who ? fogPreview(snap, who, cache) : null;
    preview.value = p;
    const explored = snap && p && who ? paintedOf(snap, p, who) : null;
    // The stroke in hand, as it will be written: hiding never darkens a square seen now.
    const stroke = brush.stroke.value;
    const reveal = brush.mode.peek() === 'reveal';
    if (explored && p && stroke)
      for (const k of stroke) explored[k] = reveal || (p.seen[k]! && explored[k]!) ? 1 : 0;
    layer.set(p?.seen ?? null, p?.width ?? 0, p?.height ?? 0, explored);
    renderer.requestRender();
  });
  // The brush paints the party's fog of war, or under per-player fog the chosen player's.
  effect(() => {
    const who = of.value;
    const snap = model.snapshot.value;
    const player = playerOf(who);
    brush.player.value = player;
    if (!snap || !who || !paintedOf(snap, null, who)) brush.mode.value = 'off';
  });
  attachFogBrush(model, renderer, layer, brush);
  exposeFog(() => preview.peek(), layer);
  return { of, preview, brush };
}

const valueOf = (of: FogOf | null) =>
  of === null
    ? ''
    : of === 'party'
      ? 'party'
      : 'id' in of
        ? `id:${of.id}`
        : `player:${of.channel ?? of.ids.join(',')}`;

/** The GM's "Fog of" list in the combat panel and what the chosen sight holds. */
export function FogPreviewPanel({ model, tool }: { model: RoomModel; tool: FogPreviewTool }) {
  const snap = model.snapshot.value;
  const party = (snap?.tokens ?? []).filter((t) => t.side === 'party' && t.combatant && t.state);
  const p = tool.preview.value;
  // Under per-player fog the GM looks with one player's characters (their invite's).
  const perPlayer = snap?.settings.vision === 'per-player';
  const invites = perPlayer ? (inviteListOf(model).invites.value ?? []) : [];
  const players = invites.map((i) => ({
    value: `player:${i.id}`,
    of: { ids: i.characterIds, channel: i.id, name: i.name } as const,
    label: `${i.name} (${
      i.characterIds
        .map((id) => snap?.tokens.find((t) => t.ownerIds.includes(id))?.name)
        .filter(Boolean)
        .join(', ') || 'no character'
    })`,
  }));
  const mode = tool.of.value;
  const brushFor = mode === 'party' ? !perPlayer : perPlayer && playerOf(mode) !== null;
  return (
    <section class="combat-fog" data-testid="fog-preview" aria-label="Fog preview">
      <label>
        Fog of{' '}
        <select
          data-testid="fog-of"
          value={valueOf(tool.of.value)}
          onChange={(e) => {
            const v = (e.target as HTMLSelectElement).value;
            const player = players.find((o) => o.value === v);
            tool.of.value =
              v === '' ? null : v === 'party' ? 'party' : player ? player.of : { id: v.slice(3) };
          }}
        >
          <option value="">nobody (no fog)</option>
          <option value="party">the whole party</option>
          {players.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
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
      {p && (mode === 'party' || playerOf(mode)) && <FogBrushControls fogOn={brushFor} brush={tool.brush} />}
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
  let last: FogPreview | null = null;
  effect(() => {
    const snap = model.snapshot.value;
    // Shared fog: the party's sight; per-player: this player's own characters'.
    const vision = snap?.settings.vision;
    const of: FogOf | null =
      vision === 'party'
        ? 'party'
        : vision === 'per-player' && snap
          ? { ids: snap.tokens.filter((t) => canCommand(model.viewer, t)).map((t) => t.id) }
          : null;
    const p = snap && of ? fogPreview(snap, of, cache) : null;
    publishKnown(snap ?? null, p); // the ruler and the threat map stop where the party never saw
    last = p;
    // Squares the party saw before (this scene's), dimmed; never seen, nearly black.
    // (Under per-player fog, `explored` is this player's own: their channel's.)
    const text = snap && p ? snap.explored[snap.scene?.id ?? 'room'] : undefined;
    const explored =
      p &&
      ((text !== undefined ? decodeSquares(text, p.width, p.height) : null) ??
        new Uint8Array(p.width * p.height));
    layer.set(p?.seen ?? null, p?.width ?? 0, p?.height ?? 0, explored || null);
    renderer.requestRender();
  });
  exposeFog(() => last, layer);
}
