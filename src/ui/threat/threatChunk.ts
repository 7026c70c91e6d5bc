/** The threat map's computing and painting, fetched the first time someone opens it (src/ui/lazy/chunks.ts). */
export { ThreatComputer, threatRows } from './threatView';
export { threatSourceOf } from './threatSourceOf';
export { paintThreat } from './threatPicture';
export { builderThreatSource } from './builderThreatSource';
export { ThreatControls } from './ThreatControls';
export { fillThreatTip, threatDebug } from './threatTip';
export { threatTimings, timed } from './threatTimings';
export { attachRoomOverlay } from './roomOverlay';
