import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ARTIFACTS, createRoom, gmChoosesArena, useTestServer, waitReady } from './helpers';

/**
 * The campaign library on the start page (issue 13), real server and real Chromium: the GM
 * copies a starter foe into their own library, renames it in the entry editor, exports the
 * library, deletes the foe, imports the file back and sees it again; a bad file lists its
 * problems in words and saves nothing. The library comes back after a reload (its key is kept).
 */
const server = useTestServer();

async function openStart(page: Page): Promise<void> {
  await page.goto(`${server().origin}/`);
  await waitReady(page);
}

test('copy a starter foe, rename, export, delete, import it back; a bad file is refused in words', async ({
  page,
}) => {
  await openStart(page);
  const library = page.getByRole('region', { name: 'Library' });
  await expect(library).toBeVisible();
  const starter = library.getByTestId('library-starter');
  await expect(starter.getByText('Bramble Raider', { exact: true })).toBeVisible();
  await expect(starter).toContainText('Foe · normal · size 1 · Health 6');

  // No library yet: copying starts one.
  await starter.getByRole('button', { name: 'Copy Bramble Raider to my library' }).click();
  const mine = library.getByTestId('library-mine');
  await expect(mine.getByText('Bramble Raider', { exact: true })).toBeVisible();

  // Rename through the entry editor (a foe opens the stat block editor).
  await mine.getByRole('button', { name: 'Edit Bramble Raider' }).click();
  const editor = library.getByTestId('stat-block-editor');
  await editor.getByLabel('Name', { exact: true }).fill('Thorn Raider');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(mine.getByText('Thorn Raider', { exact: true })).toBeVisible();
  await expect(editor).toHaveCount(0);

  // Export everything.
  const downloading = page.waitForEvent('download');
  await library.getByRole('button', { name: 'Export library' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.icon-vtt-library\.json$/);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, 'library-export.json');
  await download.saveAs(file);
  const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: { data: { name: string } }[] };
  expect(exported.entries.map((e) => e.data.name)).toEqual(['Thorn Raider']);

  // Delete, with a confirmation that says what goes.
  await mine.getByRole('button', { name: 'Delete Thorn Raider' }).click();
  await expect(library.getByRole('alertdialog')).toContainText('Delete “Thorn Raider” from your library?');
  await library.getByRole('button', { name: 'Delete for good' }).click();
  await expect(mine.getByText('Thorn Raider', { exact: true })).toHaveCount(0);

  // Import the file back.
  await library.getByLabel('Import a library file').setInputFiles(file);
  await expect(mine.getByText('Thorn Raider', { exact: true })).toBeVisible();
  await expect(library.getByRole('status')).toContainText('Imported 1 entry');

  // A bad file: every problem in words, nothing saved.
  const bad = {
    schemaVersion: 1,
    kind: 'icon-vtt-library',
    entries: [
      { kind: 'foe', data: { ...exported.entries[0]!.data, name: 'Ogre', health: 0 } },
      { kind: 'ability', data: { name: 'Zap' } },
    ],
  };
  await library.getByLabel('Import a library file').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(bad)),
  });
  const problems = library.getByRole('alert');
  await expect(problems).toContainText('entry 1 (Ogre): Health: at least 1');
  await expect(problems).toContainText(
    'entry 2 (Zap): Cost: must be 1-action, 2-actions, 2-actions-and-move or free',
  );
  await expect(problems).toContainText('bad.json was not imported; nothing was saved (2 problems)');
  await expect(mine.getByText('Ogre', { exact: true })).toHaveCount(0);

  // The filter narrows the list; a reload keeps the library (its key is in this browser).
  await library.getByLabel('Filter').fill('zzz');
  await expect(mine.getByText('Thorn Raider', { exact: true })).toHaveCount(0);
  await openStart(page);
  await expect(page.getByTestId('library-mine').getByText('Thorn Raider', { exact: true })).toBeVisible();
});

test('New starts from a template of the chosen kind; the library link opens the library elsewhere', async ({
  page,
  browser,
}) => {
  await openStart(page);
  const library = page.getByRole('region', { name: 'Library' });
  await library.getByLabel('New entry of kind').selectOption('ability');
  await library.getByRole('button', { name: 'New', exact: true }).click();
  const editor = library.getByTestId('ability-editor');
  await editor.getByLabel('Name', { exact: true }).fill('Storm Call');
  await editor.getByRole('button', { name: 'Save' }).click();
  const mine = library.getByTestId('library-mine');
  await expect(mine.getByText('Storm Call', { exact: true })).toBeVisible();

  const link = await library.getByLabel('Library link').inputValue();
  expect(link).toMatch(/\/\?library=[A-Za-z0-9_-]+$/);
  const elsewhere = await browser.newPage();
  await elsewhere.goto(link);
  await waitReady(elsewhere);
  await expect(elsewhere.getByTestId('library-mine').getByText('Storm Call', { exact: true })).toBeVisible();
  // The key is not left in the address bar.
  expect(new URL(elsewhere.url()).searchParams.has('library')).toBe(false);
  await elsewhere.close();
});

test('inside a room the GM finds the same library, folded in the side panel', async ({ browser }) => {
  const gm = await gmChoosesArena(browser, server().origin);
  const start = gm.getByRole('region', { name: 'Library' });
  await start.getByRole('button', { name: 'Copy Ash Hound to my library' }).click();
  await expect(start.getByTestId('library-mine').getByText('Ash Hound', { exact: true })).toBeVisible();
  await createRoom(gm);
  const folded = gm.locator('details.library-section');
  await expect(folded.getByRole('region', { name: 'Library' })).toHaveCount(0);
  await folded.getByText('Campaign library').click();
  await expect(folded.getByTestId('library-mine').getByText('Ash Hound', { exact: true })).toBeVisible();

  // "Place foes" offers the library's foes and the starter set's, under their headings, and a
  // library foe lands on the map as a full combatant.
  const place = gm.getByTestId('place-foes');
  const list = place.getByTestId('place-foes-foe');
  await expect(list.locator('optgroup[label="Your library"] option')).toHaveText(['Ash Hound']);
  await expect(list.locator('optgroup[label="Starter set"] option')).toContainText([
    'Bramble Raider',
    'Ash Hound',
  ]);
  await list.selectOption({ label: 'Ash Hound' });
  await gm.getByTestId('token-list').locator('li').first().click();
  await place.getByTestId('place-foes-near').click();
  await place.getByTestId('place-foes-confirm').click();
  await expect
    .poll(() =>
      gm.evaluate(
        () => window.__iconVtt?.scene()?.tokens.filter((t) => t.name.startsWith('Ash Hound')).length,
      ),
    )
    .toBe(1);
  await gm.context().close();
});

test('export one entry, forget the library on this browser, import the entry into a new library unchanged', async ({
  page,
}) => {
  await openStart(page);
  const library = page.getByRole('region', { name: 'Library' });
  await library
    .getByTestId('library-starter')
    .getByRole('button', { name: 'Copy Bramble Raider to my library' })
    .click();
  const mine = library.getByTestId('library-mine');
  await expect(mine.getByText('Bramble Raider', { exact: true })).toBeVisible();
  const firstKey = await page.evaluate(() => localStorage.getItem('icon-vtt.libraryKey'));

  // One entry, as a file the import takes.
  const downloading = page.waitForEvent('download');
  await mine.getByRole('button', { name: 'Export Bramble Raider' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Bramble-Raider.icon-vtt-library.json');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, 'one-entry.json');
  await download.saveAs(file);
  const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    entries: { kind: string; data: unknown }[];
  };
  expect(exported.entries).toHaveLength(1);

  // Forget: the confirmation says the key is needed to get it back, and shows it to copy first.
  await library.getByRole('button', { name: 'Forget this library on this browser' }).click();
  const confirm = library.getByRole('alertdialog');
  await expect(confirm).toContainText('you need its key');
  await expect(confirm.getByLabel('Library key')).toHaveValue(firstKey!);
  await confirm.getByRole('button', { name: 'Forget it' }).click();
  await expect(mine.getByText('Bramble Raider', { exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('icon-vtt.libraryKey'))).toBeNull();

  // Import into a new library: the same entry, unchanged.
  await library.getByLabel('Import a library file').setInputFiles(file);
  await expect(mine.getByText('Bramble Raider', { exact: true })).toBeVisible();
  const newKey = await page.evaluate(() => localStorage.getItem('icon-vtt.libraryKey'));
  expect(newKey).not.toBe(firstKey);
  const again = await fetch(`${server().origin}/api/library/export`, {
    headers: { authorization: `Bearer ${newKey}` },
  });
  const reimported = (await again.json()) as { entries: { kind: string; data: unknown }[] };
  expect(reimported.entries.map((e) => ({ kind: e.kind, data: e.data }))).toEqual(
    exported.entries.map((e) => ({ kind: e.kind, data: e.data })),
  );
});
