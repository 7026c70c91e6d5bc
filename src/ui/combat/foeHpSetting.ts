import type { FoeHp } from '../../schema/settings';
import { FoeHpSchema } from '../../schema/settings';
import type { RoomSnapshot } from '../../table/snapshot';
import { setRoomSettings } from '../../table/writers/roomWriters';
import { el } from '../dom';
import type { CombatHost } from './CombatHost';
import type { StatusLine } from './intentButton';

/** The choices in the GM's words, and what the status line says after each. */
const CHOICES: Record<FoeHp, { label: string; said: string }> = {
  exact: { label: 'exact HP', said: "Players now see foes' exact HP" },
  bloodied: { label: 'bloodied only', said: 'Players now see only whether a foe is bloodied' },
  hidden: { label: 'hidden', said: "Players now see nothing of foes' HP (only defeat)" },
};

/**
 * GM: room setting `foeHp` — what players receive of foes' HP (issue 12, dead end 14). A GM
 * write like the other settings, so it is a step in the GM's undo history; the writer moves the
 * numbers between the docs in the same transaction (src/table/foeHealth.ts).
 */
export function foeHpSetting(host: CombatHost, status: StatusLine, snapshot: RoomSnapshot): HTMLElement {
  const select = el(
    'select',
    { 'data-testid': 'tracker-foe-hp' },
    ...FoeHpSchema.options.map((value) => el('option', { value }, CHOICES[value].label)),
  );
  select.value = snapshot.settings.foeHp;
  select.onchange = () => {
    const now = host.snapshot();
    const foeHp = FoeHpSchema.safeParse(select.value);
    if (!now || !host.gm || !foeHp.success) return;
    try {
      setRoomSettings(host.gm.docs(), { ...now.settings, foeHp: foeHp.data });
      status(CHOICES[foeHp.data].said, 'ok');
    } catch (e) {
      status(`Setting refused: ${e instanceof Error ? e.message : String(e)}`, 'refused');
    }
  };
  return el('label', { class: 'row' }, "Players see foes' HP: ", select);
}
