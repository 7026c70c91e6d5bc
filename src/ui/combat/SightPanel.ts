import { el, setChildren } from '../dom';
import type { CombatController } from './CombatController';

/**
 * The line-of-sight tool: pick any square or token, then another; the line is drawn and the
 * panel says whether sight is blocked, by which squares and why, and whether the target has
 * cover. Works with or without a fight running (GM planning).
 */
export class SightPanel {
  readonly root = el('section', { class: 'combat-sight', 'data-testid': 'sight-panel' });

  constructor(private readonly ctl: CombatController) {}

  render(): void {
    const s = this.ctl.state;
    const toggle = el(
      'button',
      { 'data-testid': 'sight-tool', class: s.sightMode ? 'active' : '' },
      s.sightMode ? 'Close line of sight' : 'Line of sight',
    );
    toggle.onclick = () =>
      s.sightMode
        ? this.ctl.update({ sightMode: false, sightFrom: null, sightTo: null })
        : this.ctl.update({ sightMode: true, choiceId: null, targetId: null });
    const parts: (Node | string)[] = [toggle];
    if (s.sightMode) {
      const r = this.ctl.derived?.sight;
      if (!s.sightFrom) parts.push(el('div', { class: 'hint' }, 'Click the square (or token) to look from.'));
      else if (!r)
        parts.push(el('div', { class: 'hint' }, 'Now point at the square to look at; click to fix it.'));
      if (r) {
        const who = (e: typeof r.from) => (e.tokenName ? `${e.tokenName}` : `(${e.cell.x},${e.cell.y})`);
        parts.push(
          el(
            'div',
            { 'data-testid': 'sight-summary', class: r.sight.visible ? 'legal' : 'illegal' },
            `${who(r.from)} → ${who(r.to)}: ${r.summary}`,
          ),
          ...r.lines.map((l) => el('div', { 'data-testid': 'sight-line' }, l)),
        );
      }
    }
    setChildren(this.root, ...parts);
  }
}
