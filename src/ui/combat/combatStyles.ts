/** Styles of the combat dock (kept beside its panels; injected once). */
const CSS = `
.combat-dock section { border-top: 1px solid #3a3c42; padding-top: 4px; margin-bottom: 6px; font-size: 13px; }
.combat-dock { font-size: 13px; }
.combat-dock .headline { color: var(--accent); margin: 2px 0 6px; }
.combat-dock .hint { color: var(--muted); font-size: 12px; margin: 4px 0; }
.combat-dock label { display: block; margin: 4px 0; color: var(--muted); }
.combat-dock select { max-width: 100%; }
.combat-dock .actions-left { background: var(--panel-2); border-radius: 6px; padding: 4px 6px; margin: 4px 0; }
.combat-dock ol, .combat-dock ul { margin: 4px 0; padding-left: 0; list-style: none; }
.combat-dock .tracker-rows li { padding: 3px 6px; border-radius: 4px; border-left: 3px solid transparent; }
.combat-dock .tracker-rows li.party { border-left-color: var(--party); }
.combat-dock .tracker-rows li.foes { border-left-color: var(--foes); }
.combat-dock .tracker-rows li.acting { background: #4a3f12; }
.combat-dock .tracker-rows li.may-act { background: #1f3a2e; }
.combat-dock .tracker-rows li.acted, .combat-dock .tracker-rows li.out { opacity: 0.6; }
.combat-dock .tracker-rows button { padding: 1px 7px; font-size: 12px; }
.combat-dock .tracker-side h4 { font-size: 12px; font-weight: 600; color: var(--muted); }
.combat-dock .tracker-side.up h4 { color: var(--accent); }
.combat-dock .targets li { padding: 4px 6px; border-radius: 4px; margin-bottom: 3px; cursor: pointer; border: 1px solid transparent; }
.combat-dock .targets li.legal { background: #1f3a2e; }
.combat-dock .targets li.illegal { background: #3a2222; }
.combat-dock .targets li.selected { border-color: var(--accent); }
.combat-dock .mod, .combat-dock .reason { font-size: 12px; color: var(--muted); }
.combat-dock .legal { color: var(--ok); }
.combat-dock .illegal { color: var(--danger); }
.combat-dock .targets li.legal, .combat-dock .targets li.illegal { color: var(--text); }
.combat-dock .refusal { color: var(--danger); font-weight: 600; }
.combat-dock .result-lines { display: grid; grid-template-columns: max-content 1fr; gap: 1px 8px; margin: 4px 0; }
.combat-dock .result-lines dt { color: var(--muted); }
.combat-dock .result-lines dd { margin: 0; }
.combat-dock h4 { margin: 6px 0 2px; font-size: 13px; }
.combat-dock .log-entries { max-height: 240px; overflow-y: auto; font-size: 12px; }
.combat-dock .log-entries li { padding: 2px 4px; cursor: pointer; border-bottom: 1px solid #33353a; }
.combat-dock .log-entries li.gm-only { background: #2e2540; }
.combat-dock .log-entries .who { color: var(--accent); }
.combat-dock .log-tools { display: flex; flex-wrap: wrap; gap: 4px 6px; align-items: center; }
.combat-dock label.log-which { display: flex; align-items: center; gap: 6px; }
/* "All scenes": each scene's entries under its name, which stays in sight while they scroll by. */
.combat-dock .log-by-scene h4 { position: sticky; top: 0; margin: 0; padding: 3px 6px; background: var(--panel-2); border-left: 3px solid var(--accent); color: var(--text); font-size: 12px; font-weight: 600; }
.combat-dock .log-by-scene .log-scene + .log-scene { margin-top: 8px; }
.combat-dock .log-by-scene ol { margin: 0; }
.combat-dock .trace { white-space: pre-wrap; font-size: 11px; margin: 2px 0; color: var(--muted); }
.combat-dock input.count { width: 4.5em; }
.combat-dock .gm-roll label { display: inline-block; margin-right: 10px; }
.combat-dock button.active { border-color: var(--accent); color: var(--accent); }
/* The Act panel's Roll / Use / Move stays in sight at the bottom of the scrolling panel (issue 32:
   it sat below the fold once a target was picked). A sticky box stays inside its parent's box, so
   the Act section lends its box to the dock (display: contents): the button stays in sight as long
   as any of the dock is on screen; the section's rule above moves to its heading. */
.combat-dock section.combat-actions { display: contents; }
.combat-dock section.combat-actions > h3 { border-top: 1px solid #3a3c42; padding-top: 4px; }
.combat-dock .act-primary { position: sticky; bottom: 0; z-index: 1; background: var(--panel); padding: 6px 0; }
.combat-dock .act-primary button { width: 100%; font-weight: 600; }
/* Phones: every button and choice of the dock is a finger's size (44 px). */
@media (max-width: 760px) {
  .combat-dock button, .combat-dock select { min-height: 44px; min-width: 44px; }
  .combat-dock .tracker-rows button { padding: 4px 12px; font-size: 14px; }
}
`;

let injected = false;

export function injectCombatStyles(): void {
  if (injected) return;
  injected = true;
  const style = document.createElement('style');
  style.dataset['owner'] = 'combat';
  style.textContent = CSS;
  document.head.append(style);
}
