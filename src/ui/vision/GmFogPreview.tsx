import { Container } from 'pixi.js';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import { Lazy } from '../lazy/Lazy';
import { fogChunk } from '../lazy/chunks';
import type { RoomModel } from '../model/RoomModel';
import type { FogPreviewTool } from './FogPreviewPanel';

/**
 * The GM's fog preview in the combat panel; a player's page never renders it, so never fetches
 * its chunk. `host` is the battlefield container the fog is drawn in (over the tokens, under the
 * combat overlay).
 */
export function fogHost(renderer: BattlefieldRenderer): Container {
  const host = new Container({ label: 'fog preview' });
  renderer.viewport.addChild(host);
  return host;
}

let tool: FogPreviewTool | null = null;

export function GmFogPreview(props: { model: RoomModel; renderer: BattlefieldRenderer; host: Container }) {
  if (props.model.snapshot.value?.view !== 'gm') return null;
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
