import { setRoomSettings } from '../../table/writers/roomWriters';
import type { RoomModel } from '../model/RoomModel';

type Vision = 'off' | 'party' | 'per-player';

const SAID: Record<Vision, string> = {
  off: 'Fog of war off: players see every revealed character',
  party: 'Fog of war on: players are sent only the foes the party can see',
  'per-player': 'Fog of war on: each player is sent only what their own characters can see',
};

/**
 * GM: room setting `vision` — fog of war (docs/ui/vision.md). Turning it on takes every revealed
 * character players may not see away from them in the same write; off gives them back. A GM
 * write, one step of the GM's undo history.
 */
export function FogSetting({ model, value }: { model: RoomModel; value: Vision }) {
  return (
    <label class="row">
      Fog of war:{' '}
      <select
        data-testid="tracker-fog"
        value={value}
        onChange={(e) => {
          const now = model.snapshot.peek();
          const gm = model.host?.gm;
          const chosen = e.currentTarget.value;
          const vision: Vision = chosen === 'party' || chosen === 'per-player' ? chosen : 'off';
          if (!now || !gm) return;
          try {
            setRoomSettings(gm.docs(), { ...now.settings, vision });
            model.say(SAID[vision], 'ok');
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
        <option value="per-player">each player's own sight</option>
      </select>
    </label>
  );
}
