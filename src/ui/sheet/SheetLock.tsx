import { setRoomSettings } from '../../table/writers/roomWriters';
import type { RoomModel } from '../model/RoomModel';

/**
 * GM: room setting `lockSheetsInCombat` — players may not edit sheets while combat runs (the
 * server refuses; docs/table.md "Character sheets"). A GM write like FoeHpSetting's, so it is a
 * step of the GM's undo history.
 */
export function SheetLock({ model, value }: { model: RoomModel; value: boolean }) {
  return (
    <label class="row">
      <input
        type="checkbox"
        checked={value}
        data-testid="sheet-lock"
        onChange={(e) => {
          const now = model.snapshot.peek();
          const gm = model.host?.gm;
          if (!now || !gm) return;
          const lock = e.currentTarget.checked;
          try {
            setRoomSettings(gm.docs(), { ...now.settings, lockSheetsInCombat: lock });
            model.say(
              lock ? 'Players cannot edit sheets during combat now' : 'Players may edit sheets during combat',
              'ok',
            );
          } catch (error) {
            model.say(
              `Setting refused: ${error instanceof Error ? error.message : String(error)}`,
              'refused',
            );
          }
        }}
      />{' '}
      Lock players' sheets during combat
    </label>
  );
}
