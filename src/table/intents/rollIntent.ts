import type { IntentOf } from '../../schema/intent';
import type { IntentHandler } from './IntentContext';
import { refuse } from './IntentContext';

/** A roll in chat (issue 15): rolled by the server with its dice. Built by the chat slice. */
export const rollIntent: IntentHandler<IntentOf<'roll'>> = () =>
  refuse('rolling in chat is not available yet');
