import { expect, test } from './fixtures';
import {
  createRoom,
  gmChoosesArena,
  sceneTokens,
  screenshot,
  uploadBrokenMap,
  useTestServer,
  waitReady,
} from './helpers';

/**
 * Dead ends a first game night hit (issue 12, items 3 and 7, and the status bar's room label):
 * each reproduced here on a real server in Chromium.
 */
const server = useTestServer();

test('a map upload that fails validation blocks "Create room" until the upload is fixed or dropped', async ({
  page,
}) => {
  const roomPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/rooms') roomPosts.push(r.url());
  });
  await page.goto(`${server().origin}/`);
  await waitReady(page);
  await page.getByTestId('map-choice-arena.json').click();
  await uploadBrokenMap(page);
  await expect(page.getByTestId('create-error')).toContainText('broken.json');
  // The GM wanted the uploaded map: the list's map must not be used behind their back.
  const create = page.getByTestId('create-room');
  await expect(create).toBeDisabled();
  await expect(page.getByTestId('create-error')).toContainText('use the map from the list');
  await create.click({ force: true });
  await page.waitForTimeout(300);
  expect(roomPosts).toEqual([]);
  await screenshot(page, 'create-upload-refused.png');

  // Dropping the upload puts the list back in charge, and says so.
  await page.getByTestId('map-upload-clear').click();
  await expect(create).toBeEnabled();
  await expect(page.getByTestId('create-error')).toHaveText('');
  await expect(page.getByTestId('map-upload')).toHaveValue('');
});

test('the status bar names the room, not its id', async ({ browser }) => {
  const gm = await gmChoosesArena(browser, server().origin);
  await createRoom(gm);
  const roomId = new URL(gm.url()).searchParams.get('room')!;
  await expect(gm.getByTestId('status-room')).toHaveText('Skirmish in the arena');
  await expect(gm.locator('footer.statusbar')).not.toContainText(roomId);
});

test('the invite form asks for a name, confirms a spectator link, names characters and clears', async ({
  browser,
}) => {
  const gm = await gmChoosesArena(browser, server().origin);
  await createRoom(gm);

  const links = gm.getByTestId('invite-link');
  const create = gm.getByTestId('invite-create');
  const error = gm.getByTestId('invite-error');

  // Nothing filled in: no link, a plain request for the player's name.
  await create.click();
  await expect(error).toHaveText("Type the player's name first.");
  await expect(links).toHaveCount(0);
  await expect(gm.getByTestId('invite-name')).toBeFocused();

  // A name but no character: a spectator link only once the GM says yes to what it means.
  await gm.getByTestId('invite-name').fill('Quinn');
  let asked = '';
  gm.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await create.click();
  await expect.poll(() => asked).toContain('spectator link: sees the table, commands nobody');
  await expect(links).toHaveCount(0);
  gm.once('dialog', (d) => void d.accept());
  await create.click();
  await expect(links).toHaveCount(1);
  await expect(gm.getByTestId('invite-caption').first()).toHaveText('Quinn → spectator (commands nobody)');
  await expect(gm.getByTestId('invite-name')).toHaveValue('');

  // With characters: the caption names them, and the form is empty again for the next player.
  await gm.getByTestId('invite-name').fill('Pat');
  await gm.getByTestId('invite-char-maren-stalwart').check();
  await gm.getByTestId('invite-char-ivo-vagabond').check();
  await create.click();
  await expect(links).toHaveCount(2);
  await expect(gm.getByTestId('invite-caption').first()).toHaveText('Pat → Ivo (Vagabond), Maren (Stalwart)');
  await expect(gm.getByTestId('invite-name')).toHaveValue('');
  await expect(gm.getByTestId('invite-char-maren-stalwart')).not.toBeChecked();
  await expect(gm.getByTestId('invite-char-ivo-vagabond')).not.toBeChecked();
  await expect(error).toHaveText('');
  await screenshot(gm, 'invite-form-cleared.png');
});

test('dead end 2: a rename shows everywhere; "Place a token" makes a combatant that joins the tracker; a prop has no HP', async ({
  browser,
}) => {
  const gm = await gmChoosesArena(browser, server().origin);
  await createRoom(gm);
  const errors: string[] = [];
  gm.on('pageerror', (e) => errors.push(e.message));

  // Renaming a combatant: the list, the battlefield's scene and the tracker all show the new name.
  await gm.getByTestId('token-item-maren-stalwart').click();
  await gm.getByTestId('edit-name').fill('Maren the Bold');
  await gm.getByTestId('edit-name').press('Enter');
  await expect(gm.getByTestId('token-item-maren-stalwart')).toContainText('Maren the Bold');
  await expect(gm.getByTestId('tracker-row-maren-stalwart')).toContainText('Maren the Bold');
  await expect
    .poll(async () => (await sceneTokens(gm)).find((t) => t.id === 'maren-stalwart')?.name)
    .toBe('Maren the Bold');

  // "Place a token" with the form's stats: a combatant with HP, in the tracker, editable.
  await gm.getByTestId('place-name').fill('Goblin');
  await gm.getByTestId('place-side').selectOption('foes');
  await gm.getByTestId('place-hp').fill('12');
  await gm.getByTestId('place-defense').fill('4');
  await gm.getByTestId('place-speed').fill('5');
  await gm.getByTestId('place-token').click();
  await expect.poll(async () => (await sceneTokens(gm)).some((t) => t.name === 'Goblin')).toBe(true);
  const goblin = (await sceneTokens(gm)).find((t) => t.name === 'Goblin')!;
  await expect(gm.getByTestId(`tracker-row-${goblin.id}`)).toContainText('HP 12/12');
  await gm.getByTestId(`token-item-${goblin.id}`).click();
  await gm.getByTestId('edit-hp').fill('7');
  await gm.getByTestId('edit-hp').press('Enter');
  await expect(gm.getByTestId(`tracker-row-${goblin.id}`)).toContainText('HP 7/12');
  await expect(gm.getByTestId('status-message')).not.toHaveAttribute('data-kind', 'refused');
  // It takes turns: Start combat puts it in the order with the others.
  await gm.getByTestId('tracker-start-combat').click();
  await expect(gm.getByTestId(`tracker-row-${goblin.id}`)).toHaveAttribute('data-status', /may-act|waiting/);
  // ...and is renamed like any combatant.
  await expect(gm.getByTestId('token-details')).toContainText('Goblin');
  await gm.getByTestId('edit-name').fill('Goblin Boss');
  // (Start combat's answer lands while the GM types: a room update must not wipe the typing.)
  await gm.getByTestId('edit-name').press('Enter');
  await expect(gm.getByTestId(`tracker-row-${goblin.id}`)).toContainText('Goblin Boss');

  // A prop is an explicit choice: no stats, no HP fields, not in the tracker.
  await gm.getByTestId('place-name').fill('Barrel');
  await gm.getByTestId('place-prop').check();
  await expect(gm.getByTestId('place-hp')).toHaveCount(0);
  await gm.getByTestId('place-token').click();
  await expect.poll(async () => (await sceneTokens(gm)).some((t) => t.name === 'Barrel')).toBe(true);
  const barrel = (await sceneTokens(gm)).find((t) => t.name === 'Barrel')!;
  await gm.getByTestId(`token-item-${barrel.id}`).click();
  await expect(gm.getByTestId('token-details')).toContainText('Prop: no stats');
  await expect(gm.getByTestId('edit-hp')).toHaveCount(0);
  await expect(gm.getByTestId(`tracker-row-${barrel.id}`)).toHaveCount(0);
  expect(errors).toEqual([]);
});
