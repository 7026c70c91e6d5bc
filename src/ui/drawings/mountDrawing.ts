import { h, render } from 'preact';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import type { RoomModel } from '../model/RoomModel';
import { attachDrawing } from './attachDrawing';
import { DrawTools } from './DrawTools';
import { watchDrawings } from './watchDrawings';

/**
 * Drawings for a live room (issue 15): the toolbar's Draw button and box (into `slot`), the map's
 * gestures, and everyone's drawings on the battlefield. The offline demo has no server to draw
 * through, so it gets none. Returns the stop.
 */
export function mountDrawing(
  slot: HTMLElement,
  stage: HTMLElement,
  renderer: BattlefieldRenderer,
  model: RoomModel,
): () => void {
  const conn = model.session.connection;
  if (!conn) return () => {};
  const watched = watchDrawings(conn);
  const detach = attachDrawing(model, stage, renderer, watched.drawings);
  render(h(DrawTools, { model }), slot);
  return () => {
    render(null, slot);
    detach();
    watched.stop();
  };
}
