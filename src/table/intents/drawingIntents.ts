import type { IntentOf } from '../../schema/intent';
import type { IntentHandler } from './IntentContext';
import { refuse } from './IntentContext';

/** Drawings and notes on the map (issue 15). Built by the drawings slice. */
export const drawIntent: IntentHandler<IntentOf<'draw'>> = () => refuse('drawing is not available yet');
export const eraseDrawingIntent: IntentHandler<IntentOf<'erase-drawing'>> = () =>
  refuse('drawing is not available yet');
export const clearDrawingsIntent: IntentHandler<IntentOf<'clear-drawings'>> = () =>
  refuse('drawing is not available yet');
