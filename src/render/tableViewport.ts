import { Viewport } from 'pixi-viewport';
import type { TableApp } from './TableApp';

/**
 * The battlefield's camera: a pixi-viewport over the whole stage with drag (any mouse button),
 * pinch, smooth wheel zoom and deceleration, zoom held between 0.1 and 4.
 */
export function createTableViewport(app: TableApp, host: HTMLElement): Viewport {
  const viewport = new Viewport({
    screenWidth: host.clientWidth,
    screenHeight: host.clientHeight,
    events: app.renderer.events,
    passiveWheel: false,
  });
  viewport.drag({ mouseButtons: 'all' }).pinch().wheel({ smooth: 4 }).decelerate({ friction: 0.9 });
  viewport.clampZoom({ minScale: 0.1, maxScale: 4 });
  // A render group: panning/zooming moves the group on the GPU instead of recomputing every
  // child's world transform on the CPU each frame.
  viewport.enableRenderGroup();
  app.stage.addChild(viewport);
  return viewport;
}
