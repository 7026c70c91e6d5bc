import type { IntentKind } from '../../schema/intent';
import type { ActionDefinition } from './defineAction';
import { moveAction } from './moveIntent';
import { undoMoveAction } from './undoMoveIntent';
import { attackAction } from './attackIntent';
import { areaAction } from './areaIntent';
import { effectAction } from './effectIntent';
import { saveAction } from './saveIntent';
import { endCombatAction, endTurnAction, startCombatAction, startTurnAction } from './turnIntents';
import { basicAction } from './basicActionIntent';
import { drinkElixirAction, surrenderAction } from './recoveryIntent';
import { chatAction } from './chatIntent';
import { rollAction } from './rollIntent';
import { clearDrawingsAction, drawAction, eraseDrawingAction } from './drawingIntents';
import { applyResultAction, discardResultAction } from './applyResultIntent';
import {
  addBlightAction,
  addStatusAction,
  adjustHpAction,
  hideAction,
  removeBlightAction,
  removeStatusAction,
  revealAction,
} from './gmIntents';
import { forceMoveAction } from './forceMoveIntent';
import { returnToPlayAction } from './edgeReturnIntent';
import { interludeAction, newExpeditionAction } from './interludeIntent';
import { interruptOfferAction } from './offerIntent';
import { editSheetAction } from './sheetIntent';
import { setPortraitAction } from './portraitIntent';
import { showHandoutAction } from './handoutIntent';

/**
 * Every action the table resolves, one line per intent kind. The mapped type makes a kind without
 * its action (or an action filed under another kind) a compile error: adding an intent kind to
 * src/schema/actionSchemas.ts is answered here by the compiler.
 */
export const ACTIONS: { readonly [K in IntentKind]: ActionDefinition<K> } = {
  move: moveAction,
  'undo-move': undoMoveAction,
  attack: attackAction,
  area: areaAction,
  effect: effectAction,
  save: saveAction,
  'start-turn': startTurnAction,
  'end-turn': endTurnAction,
  'basic-action': basicAction,
  'drink-elixir': drinkElixirAction,
  surrender: surrenderAction,
  chat: chatAction,
  roll: rollAction,
  draw: drawAction,
  'erase-drawing': eraseDrawingAction,
  'clear-drawings': clearDrawingsAction,
  'apply-result': applyResultAction,
  'discard-result': discardResultAction,
  'adjust-hp': adjustHpAction,
  'force-move': forceMoveAction,
  'add-status': addStatusAction,
  'remove-status': removeStatusAction,
  'add-blight': addBlightAction,
  'remove-blight': removeBlightAction,
  reveal: revealAction,
  hide: hideAction,
  'start-combat': startCombatAction,
  'end-combat': endCombatAction,
  'return-to-play': returnToPlayAction,
  interlude: interludeAction,
  'new-expedition': newExpeditionAction,
  'interrupt-offer': interruptOfferAction,
  'edit-sheet': editSheetAction,
  'set-portrait': setPortraitAction,
  'show-handout': showHandoutAction,
};
