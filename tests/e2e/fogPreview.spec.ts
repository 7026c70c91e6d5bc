import { expect, test } from './fixtures';
import { screenshot, useTestServer } from './helpers';
import { yardRoom } from './yardRoom';

/**
 * Issue 34's first step, the GM's fog preview (docs/ui/vision.md): the GM picks a character and
 * the battlefield darkens what it cannot see, by the attacks' line of sight; players' pages have
 * no such control.
 */
const server = useTestServer();

test('the GM previews the Ranger’s sight: the square behind the wall is dark, the foes in sight named', async ({
  browser,
}) => {
  const room = await yardRoom(server(), browser);
  const gm = await room.open(room.gmLink);
  await gm.getByTestId('fog-of').selectOption({ label: 'Ranger' });
  // From (0,0) the wall at (3,2) hides (6,4), where the Sage stands, and nothing else.
  await expect
    .poll(() => gm.evaluate(() => window.__iconVttFog?.rows()?.join('\n') ?? null))
    .toBe(['ooooooo', 'ooooooo', 'ooooooo', 'ooooooo', 'oooooo.'].join('\n'));
  await expect(gm.getByTestId('fog-summary')).toHaveText(
    'Ranger sees 34 of 35 squares; foes in sight: Brute, Lurker.',
  );
  await screenshot(gm, 'fog-preview-gm-1440.png');
  await gm.getByTestId('fog-of').selectOption({ label: 'nobody (no fog)' });
  await expect.poll(() => gm.evaluate(() => window.__iconVttFog?.rows() ?? null)).toBeNull();

  const player = await room.open(room.playerLink);
  await expect(player.getByTestId('threat-tool')).toBeVisible();
  await expect(player.getByTestId('fog-preview')).toHaveCount(0);
});
