import { expect, test } from './fixtures';
import { openCombatTable, rangerShootsBrute } from './combatFixture';
import { dragCell, tokenCell } from './helpers';

/**
 * The result panel is drawn from the room model: a snapshot arriving (another player moving)
 * patches it, so what the GM is typing into the damage override stays, and so does the focus.
 * Dice 12, 2, 5, 4: the Ranger's basic ranged attack on the Brute hits for 12 before armor.
 */
test('the GM’s typed damage override and its focus survive another player’s move', async ({
  browser,
  server,
}) => {
  const t = await openCombatTable(server, browser, { dice: [12, 2, 5, 4] });
  await t.gm.getByTestId('tracker-apply-results').selectOption('on-confirm');
  await expect(t.ranger.getByTestId('tracker-apply-results-note')).toHaveText('Rolls wait for Apply', {
    timeout: 10_000,
  });
  await rangerShootsBrute(t);

  // The Ranger's player may apply it: the block draws the eye once (flash), then stays framed.
  const rangerBlock = t.ranger.getByTestId('result-pending');
  await expect(rangerBlock).toHaveClass(/\bflash\b/, { timeout: 10_000 });
  await expect(rangerBlock).not.toHaveClass(/\bflash\b/, { timeout: 10_000 });
  await expect(rangerBlock).toHaveClass(/\bmine\b/);
  // The Sage's player has no button: the block is there, but neither theirs nor flashing.
  await expect(t.sage.getByTestId('result-pending')).toHaveAttribute('data-status', 'pending');
  await expect(t.sage.getByTestId('result-pending')).not.toHaveClass(/\b(mine|flash)\b/);

  // The GM starts typing a new damage number into the waiting result.
  const box = t.gm.getByTestId('result-damage-override');
  await expect(box).toHaveValue('12', { timeout: 10_000 });
  await box.click();
  await t.gm.keyboard.press('ControlOrMeta+A');
  await t.gm.keyboard.type('9');
  await expect(box).toHaveValue('9');

  // Meanwhile the Ranger's player drags the Ranger one square along the hill (its free move):
  // a new snapshot for everyone.
  // (No action picked: a press on the token is then a drag, not a target pick.)
  await t.ranger.getByTestId('combat-action').selectOption('');
  await dragCell(t.ranger, { x: 1, y: 2 }, { x: 1, y: 1 });
  await expect.poll(() => tokenCell(t.gm, 'ranger'), { timeout: 10_000 }).toEqual({ x: 1, y: 1 });
  await expect(t.gm.getByTestId('log-entries').locator('li').first()).toContainText('Ranger');

  // What the GM typed is still there, and the caret is still in the box: typing goes on.
  await expect(box).toHaveValue('9');
  await expect(box).toBeFocused();
  await t.gm.keyboard.type('0');
  await expect(box).toHaveValue('90');
  await t.gm.keyboard.press('Backspace');

  // Apply uses it: 9 before armor → 8, cover halves → 4.
  await t.gm.getByTestId('result-apply').click();
  await expect(t.gm.getByTestId('result-pending-text')).toHaveText(
    /^Applied by .* \(damage 12 changed to 9 by /,
    { timeout: 10_000 },
  );
  await expect(t.ranger.getByTestId('result-now-brute')).toHaveText('Brute now: HP 28, vigor 0', {
    timeout: 10_000,
  });
});
