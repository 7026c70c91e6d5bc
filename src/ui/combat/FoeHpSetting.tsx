import type { FoeHp } from '../../schema/settings';
import { FoeHpSchema } from '../../schema/settings';
import { setRoomSettings } from '../../table/writers/roomWriters';
import type { RoomModel } from '../model/RoomModel';

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
export function FoeHpSetting({ model, value }: { model: RoomModel; value: FoeHp }) {
  return (
    <label class="row">
      Players see foes' HP:{' '}
      <select
        data-testid="tracker-foe-hp"
        value={value}
        onChange={(e) => {
          const now = model.snapshot.peek();
          const gm = model.host?.gm;
          const foeHp = FoeHpSchema.safeParse(e.currentTarget.value);
          if (!now || !gm || !foeHp.success) return;
          try {
            setRoomSettings(gm.docs(), { ...now.settings, foeHp: foeHp.data });
            model.say(CHOICES[foeHp.data].said, 'ok');
          } catch (error) {
            model.say(
              `Setting refused: ${error instanceof Error ? error.message : String(error)}`,
              'refused',
            );
          }
        }}
      >
        {FoeHpSchema.options.map((v) => (
          <option key={v} value={v}>
            {CHOICES[v].label}
          </option>
        ))}
      </select>
    </label>
  );
}
