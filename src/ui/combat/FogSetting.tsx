import { setRoomSettings } from '../../table/writers/roomWriters';
import type { RoomModel } from '../model/RoomModel';

/**
 * GM: room setting `vision` — fog of war shared by the party (docs/ui/vision.md). Turning it on
 * takes every revealed foe the party cannot see away from players in the same write; off gives
 * them back. A GM write, one step of the GM's undo history.
 */
export function FogSetting({ model, value }: { model: RoomModel; value: 'off' | 'party' }) {
  return (
    <label class="row">
      Fog of war:{' '}
      <select
        data-testid="tracker-fog"
        value={value}
        onChange={(e) => {
          const now = model.snapshot.peek();
          const gm = model.host?.gm;
          const vision = e.currentTarget.value === 'party' ? 'party' : 'off';
          if (!now || !gm) return;
          try {
            setRoomSettings(gm.docs(), { ...now.settings, vision });
            model.say(
              vision === 'party'
                ? 'Fog of war on: players are sent only the foes the party can see'
                : 'Fog of war off: players see every revealed foe',
              'ok',
            );
          } catch (error) {
            model.say(
              `Setting refused: ${error instanceof Error ? error.message : String(error)}`,
              'refused',
            );
          }
        }}
      >
        <option value="off">off</option>
        <option value="party">the party's sight</option>
      </select>
    </label>
  );
}
