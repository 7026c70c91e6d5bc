import { Container } from 'pixi.js';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import { Lazy } from '../lazy/Lazy';
import { fogChunk } from '../lazy/chunks';
import type { RoomModel } from '../model/RoomModel';
import type { FogPreviewTool } from './FogPreviewPanel';

/**
 * The GM's fog preview in the combat panel; a player's page fetches the fog only when the room
 * turns fog of war on (then it draws the party's fog). `host` is the battlefield container the fog is drawn in (over the tokens, under the
 * combat overlay).
 */
export function fogHost(renderer: BattlefieldRenderer): Container {
  const host = new Container({ label: 'fog preview' });
  renderer.viewport.addChild(host);
  return host;
}

let tool: FogPreviewTool | null = null;
let playerFog = false;

export function GmFogPreview(props: { model: RoomModel; renderer: BattlefieldRenderer; host: Container }) {
  const snap = props.model.snapshot.value;
  if (snap?.view !== 'gm') {
    // A player's page fetches the fog only once the room turns fog of war on.
    if ((snap?.settings.vision ?? 'off') === 'off' && !playerFog) return null;
    return (
      <Lazy
        chunk={fogChunk}
        render={(m) => {
          if (!playerFog) m.mountPlayerFog(props.model, props.renderer, props.host);
          playerFog = true;
          const vision = snap?.settings.vision ?? 'off';
          return vision === 'off' ? null : (
            <div class="hint" data-testid="fog-note">
              {vision === 'party'
                ? 'Fog of war: you see what the party sees.'
                : 'Fog of war: you see what your own characters see.'}
            </div>
          );
        }}
      />
    );
  }
  return (
    <Lazy
      chunk={fogChunk}
      render={(m) => {
        tool ??= m.mountFogPreview(props.model, props.renderer, props.host);
        return <m.FogPreviewPanel model={props.model} tool={tool} />;
      }}
    />
  );
}
