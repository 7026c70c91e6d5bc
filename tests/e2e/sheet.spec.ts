import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { deriveStatBlock } from '../../src/rules/characterSheet';
import { sheet, wardenAbilities, withSheet } from '../rules/sheetFixtures';
import { expectStatus, ROOT, useTestServer, waitReady } from './helpers';

/**
 * Issue 13, "Character sheets": a player opens their own character's sheet from the token panel,
 * switches an ability on, is refused a seventh with the reason said before and after the click,
 * and the GM sees the change. Real server, two Chromium contexts.
 */
const server = useTestServer();
test.describe.configure({ mode: 'serial' });

let gm: Page;
let player: Page;
let room: { roomId: string; gmToken: string; gmLink: string };

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${server().origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url} → HTTP ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function open(browser: Browser, link: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(link.replace(/^https?:\/\/[^/]+/, server().origin));
  await waitReady(page);
  await page.getByTestId('turn-tracker').waitFor({ timeout: 20_000 });
  return page;
}

test.beforeAll(async ({ browser }) => {
  // Maren: five of seven Warden abilities active; Brannoc belongs to someone else.
  const maren = sheet({ level: 4 }, [...wardenAbilities(5, true), ...wardenAbilities(7, false).slice(5)]);
  room = await post<{ roomId: string; gmToken: string; gmLink: string }>('/api/rooms', {
    map: JSON.parse(fs.readFileSync(path.join(ROOT, 'maps/combat-test.json'), 'utf8')),
    party: {
      schemaVersion: 1,
      kind: 'party',
      name: 'Sheet test',
      characters: [
        deriveStatBlock(withSheet(maren, 'Maren')),
        deriveStatBlock(withSheet(sheet({}, wardenAbilities(2)), 'Brannoc')),
      ],
    },
    name: 'Sheet test',
  });
  const invite = await post<{ link: string }>(
    `/api/rooms/${room.roomId}/invites`,
    { name: 'Ana', characterIds: ['maren'] },
    room.gmToken,
  );
  gm = await open(browser, room.gmLink);
  player = await open(browser, invite.link);
});

test('a player opens their own sheet from the token panel; not someone else’s', async () => {
  await player.getByTestId('token-item-brannoc').click();
  await expect(player.getByTestId('open-sheet')).toHaveCount(0);
  await player.getByTestId('token-item-maren').click();
  await player.getByTestId('open-sheet').click();
  const view = player.getByTestId('sheet-view');
  await expect(view).toBeVisible();
  await expect(view.getByRole('heading', { level: 2 })).toHaveText('Maren');
  await expect(view.getByTestId('sheet-current-job')).toHaveValue('Shieldbearer');
  await expect(view.getByTestId('sheet-active-count')).toHaveText('5 of 6 active');
});

test('switching a sixth ability on; the seventh is refused with the reason, said before the click', async () => {
  const view = player.getByTestId('sheet-view');
  await view.getByTestId('sheet-active-Guard 6').check();
  await expect(view.getByTestId('sheet-active-count')).toHaveText('6 of 6 active');
  await expectStatus(player, 'ok', /Maren's sheet: saved/);
  const seventh = view.getByTestId('sheet-active-Guard 7');
  await expect(view.getByTestId('sheet-why-Guard 7')).toHaveText(
    'only six active abilities: deactivate one first',
  );
  await expect(seventh).toHaveAttribute('aria-disabled', 'true');
  // Still focusable (a keyboard user hears the reason); Space on it says the refusal again.
  await seventh.focus();
  await player.keyboard.press('Space');
  await expect(view.getByTestId('sheet-message')).toHaveText(
    'Refused: only six active abilities: deactivate one first',
  );
  await expect(seventh).not.toBeChecked();
  await expect(view.getByTestId('sheet-active-count')).toHaveText('6 of 6 active');
});

test('the GM sees the change: in the log and on the sheet', async () => {
  await expect(gm.getByTestId('log-panel')).toContainText("Maren's sheet: Guard 6 active");
  await gm.getByTestId('token-item-maren').click();
  await gm.getByTestId('open-sheet').click();
  const view = gm.getByTestId('sheet-view');
  await expect(view.getByTestId('sheet-active-count')).toHaveText('6 of 6 active');
  await expect(view.getByTestId('sheet-active-Guard 6')).toBeChecked();
  // The GM may lock players' sheets during combat (a room setting; the server refuses them).
  await view.getByTestId('sheet-lock').check();
  await expect(view.getByTestId('sheet-lock')).toBeChecked();
});

test('the open sheet has no serious or critical accessibility violation', async () => {
  const result = await new AxeBuilder({ page: player }).include('[data-testid="sheet-view"]').analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
});

test('keyboard: Escape closes the sheet and focus returns to its button', async () => {
  await player.keyboard.press('Escape');
  await expect(player.getByTestId('sheet-view')).toBeHidden();
  await expect(player.getByTestId('open-sheet')).toBeFocused();
});

test('a player adds a job and learns an ability from their library, activates it, and acts with it', async () => {
  // The player's own library on this server, with one ability in it (what a group imports).
  const { key } = await post<{ key: string }>('/api/libraries', {});
  await post(
    '/api/library/entries',
    {
      kind: 'ability',
      data: {
        name: 'Ember Shot',
        cost: '1-action',
        range: 5,
        tags: { attack: true },
        attack: { kind: 'ranged', onHit: { damage: { tier: 'light' } } },
        description: 'A flick of fire.',
      },
    },
    key,
  );
  await player.evaluate((k) => localStorage.setItem('icon-vtt.libraryKey', k), key);
  await player.getByTestId('open-sheet').click();
  const view = player.getByTestId('sheet-view');

  // Removing the current job is refused with the reason, said before the click.
  await expect(view.getByTestId('sheet-remove-job-why-Shieldbearer')).toHaveText(
    'Shieldbearer is Maren’s current job: switch to another job first',
  );

  // A new job: its name, class and numbers (the shared stat form).
  await view.getByText('Add a job').click();
  const add = view.getByTestId('sheet-new-job');
  await add.getByLabel('Job name').fill('Forgehand');
  await add.getByLabel('Class').fill('Wright');
  await add.getByTestId('stat-health').fill('9');
  await add.getByRole('button', { name: 'Add job' }).click();
  await expect(view.getByTestId('sheet-jobs')).toContainText('Forgehand (Wright)');
  await expect(view.getByTestId('sheet-message')).toHaveText('Saved');

  // Learn Ember Shot from the library, from the new job (a Wright ability: a gambit for a Warden).
  const learn = view.getByTestId('sheet-learn');
  await expect(
    learn.getByTestId('sheet-learn-ability').locator('option', { hasText: 'Ember Shot' }),
  ).toHaveCount(1);
  await learn.getByTestId('sheet-learn-ability').selectOption({ label: 'Ember Shot' });
  await learn.getByTestId('sheet-learn-from').selectOption('Forgehand');
  await learn.getByRole('button', { name: 'Learn' }).click();
  const row = view.getByTestId('sheet-ability-Ember Shot');
  await expect(row).toContainText('Forgehand (Wright) · gambit');

  // Six are active: one off, then Ember Shot on (level 4 has one gambit slot).
  await view.getByTestId('sheet-active-Guard 1').uncheck();
  await expect(view.getByTestId('sheet-active-count')).toHaveText('5 of 6 active');
  await view.getByTestId('sheet-active-Ember Shot').check();
  await expect(view.getByTestId('sheet-active-count')).toHaveText('6 of 6 active');
  await expect(view.getByTestId('sheet-message')).toHaveText('Saved');
  await player.keyboard.press('Escape');

  // The Act panel offers it.
  await player.getByTestId('combat-actor').selectOption('maren');
  await expect(player.getByTestId('combat-action').locator('option', { hasText: 'Ember Shot' })).toHaveCount(
    1,
  );
});

test('a player writes a trait on their current job and the GM sees it', async () => {
  await player.getByTestId('token-item-maren').click();
  await player.getByTestId('open-sheet').click();
  const traits = player.getByTestId('sheet-view').getByTestId('sheet-job-traits');
  const next = await traits.locator('[data-testid^="trait-name-"]').count();
  await traits.getByTestId('add-trait').click();
  await traits.getByTestId(`trait-name-${next}`).fill('Stalwart');
  await traits.getByTestId(`trait-text-${next}`).fill('Holds the line while guarding.');
  // Saved from the keyboard: focus stays on the button once the save lands (it was lost before).
  const saveTraits = traits.getByTestId('sheet-save-traits');
  await saveTraits.focus();
  await player.keyboard.press('Enter');
  const gmTraits = gm.getByTestId('sheet-view').getByTestId('sheet-job-traits');
  await expect(gmTraits.getByTestId(`trait-name-${next}`)).toHaveValue('Stalwart');
  await expect(gmTraits.getByTestId(`trait-text-${next}`)).toHaveValue('Holds the line while guarding.');
  await expect(saveTraits).toBeFocused();
  await expect(saveTraits).toHaveAttribute('aria-disabled', 'true');
  await player.getByTestId('sheet-close').click();
});

test('a Limit Break below level 2 is refused with the reason', async () => {
  await gm.keyboard.press('Escape');
  await gm.getByTestId('token-item-brannoc').click();
  await gm.getByTestId('open-sheet').click();
  const view = gm.getByTestId('sheet-view');
  await expect(view.getByTestId('sheet-level')).toHaveValue('1');
  const write = view.getByTestId('sheet-lb-write');
  await expect(write).toHaveAttribute('aria-disabled', 'true');
  await expect(view.getByTestId('sheet-lb-why')).toHaveText(
    'a Limit Break is available from level 2: Brannoc is level 1',
  );
  // Still focusable (a keyboard user hears the reason); Enter on it says the refusal again.
  await write.focus();
  await gm.keyboard.press('Enter');
  await expect(view.getByTestId('sheet-message')).toHaveText(
    'Refused: a Limit Break is available from level 2: Brannoc is level 1',
  );
  await expect(view.getByTestId('ability-editor')).toHaveCount(0);
});

test('the sheet with its jobs, learning and Limit Break parts has no serious or critical accessibility violation', async () => {
  const result = await new AxeBuilder({ page: gm }).include('[data-testid="sheet-view"]').analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
});

test('the ability editor edits a slow-turn bonus and a next-ability bonus, checked live', async () => {
  await player.getByTestId('open-sheet').click();
  const view = player.getByTestId('sheet-view');
  await view.getByTestId('sheet-write-ability').click();
  const editor = view.getByTestId('ability-editor');
  await editor.getByTestId('ability-name').fill('Rally Cry');
  await editor.getByText('Bonus on a slow turn').click();
  await editor.getByTestId('slowTurnBonus-on').check();
  await editor.getByTestId('slowTurnBonus-boons').fill('13');
  await expect(editor.getByTestId('problem-slowTurnBonus.boons')).toContainText('at most 12');
  await expect(editor.getByTestId('ability-save')).toBeDisabled();
  await editor.getByTestId('slowTurnBonus-boons').fill('1');
  await editor.getByText('Your next ability gains…').click();
  await editor.getByTestId('nextAbility-on').check();
  await editor.getByTestId('nextAbility-boost').fill('1');
  await editor.getByTestId('nextAbility-to').selectOption('user');
  await editor.getByTestId('ability-save').click();
  await expect(view.getByTestId('sheet-ability-Rally Cry')).toBeVisible();

  const res = await fetch(`${server().origin}/api/rooms/${room.roomId}/export`, {
    headers: { authorization: `Bearer ${room.gmToken}` },
  });
  const found: unknown[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      if ((v as { name?: unknown }).name === 'Rally Cry') found.push(v);
      Object.values(v).forEach(walk);
    }
  };
  walk(await res.json());
  expect(found[0]).toMatchObject({
    slowTurnBonus: { boons: 1 },
    attack: { onHit: { nextAbility: { boost: 1, to: 'user' } } },
  });
});
