import { lazyChunk } from './lazyChunk';

/*
 * The parts of the page fetched the first time they are opened (issue 31): what only a GM uses
 * stays out of a player's download, and the start page out of a table's. One seam per feature;
 * `tests/e2e/playerBundle.spec.ts` checks the player's entry chunk holds none of them.
 */

/** The stat block and library entry editors. */
export const editorsChunk = lazyChunk(() => import('../editors/editorsChunk'));
/** A character's sheet (it edits jobs and abilities with the editors' fields). */
export const sheetChunk = lazyChunk(() => import('../sheet/SheetView'));
/** The campaign library: its panel, and its client for the GM's place-foes list. */
export const libraryChunk = lazyChunk(() => import('../library/libraryChunk'));
/** The encounter builder and "start a room from this encounter". */
export const encounterBuilderChunk = lazyChunk(() => import('../encounterBuilder/encounterBuilderChunk'));
/** The start page (no room in the address). */
export const startPageChunk = lazyChunk(() => import('../start/mountStartPage'));
/** The GM's "keep this link" notice after creating a room. */
export const keyNoticeChunk = lazyChunk(() => import('../start/KeyNotice'));
/** The GM's map file import and doors list. */
export const mapImportChunk = lazyChunk(() => import('../mapImport/mapImportChunk'));
/** The GM's panels of the table: scenes, the map editor, invites, the room file, placing foes. */
export const gmPanelsChunk = lazyChunk(() => import('../gmPanels/gmPanelsChunk'));
/** The GM's combat tools: a result's undo and override, HP by hand, forced moves, foes' HP setting. */
export const gmCombatChunk = lazyChunk(() => import('../combat/gmCombatChunk'));
/** The step-through of a fight: its bar over the map and the walk back through the log. */
export const stepThroughChunk = lazyChunk(() => import('../replay/StepBar'));
/** The GM's "Verify this fight" button; the verifier itself is a worker it starts (src/ui/verify/). */
export const replayChunk = lazyChunk(() => import('../verify/VerifyFightButton'));
/** The handout viewer and everyone's Handouts list: fetched when the room's first handout exists. */
export const handoutViewerChunk = lazyChunk(() => import('../handouts/HandoutViewer'));
/** The GM's Handouts panel: show a picture or a text, take one back. */
export const handoutsPanelChunk = lazyChunk(() => import('../handouts/HandoutsPanel'));
/** The threat map and danger heat map: computing and painting (the toggle and its panel stay in the page). */
export const threatChunk = lazyChunk(() => import('../threat/threatChunk'));
/** Fog: the GM's preview of a character's sight, and players' fog of war when the room turns it on. */
export const fogChunk = lazyChunk(() => import('../vision/fogChunk'));
/** The portrait dialog's picture cropper and upload (the button stays in the page). */
export const portraitChunk = lazyChunk(() => import('../portrait/PortraitCropper'));
