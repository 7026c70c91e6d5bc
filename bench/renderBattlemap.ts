/**
 * The battlemap half of the render benchmark (issue 14): the real room server in process, a room
 * on stress-100 with the stress-horde encounter and the sample party, measured twice on the GM's
 * page — before and after an 8192×8192 background is uploaded through the Battlemap fieldset
 * (scripts/make-test-image.ts, fitted to the map: 81.92 image pixels per square) — and a player
 * joining with an empty cache: how soon the preview level is on screen.
 */
import type { Browser } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixedDice } from '../src/lib/dice';
import { startServer } from '../src/server/startServer';
import { makeTestImage } from '../scripts/make-test-image';

const ROOT = path.resolve(import.meta.dirname, '..');
const IMAGE_SIDE = 8192;
/** The target: the player's first picture of the map within a second of joining. */
export const TARGET_FIRST_PICTURE_MS = 1000;

export interface BattlemapRoom {
  readonly gmLink: string;
  /** Upload the image (through the GM's page) and wait until every page would draw it. */
  addBackground(browser: Browser): Promise<void>;
  /** A player link (new invite each call, so nothing is cached by the server's tokens). */
  playerLink(): Promise<string>;
  close(): Promise<void>;
}

export async function openBattlemapRoom(dist: string): Promise<BattlemapRoom> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'icon-vtt-bench-room-'));
  const server = await startServer({
    port: 0,
    dataDir: path.join(work, 'data'),
    dice: fixedDice([]),
    rootDir: ROOT,
    distDir: dist,
  });
  const post = async <T>(url: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(server.origin + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const read = (p: string): unknown => JSON.parse(fs.readFileSync(path.join(ROOT, p), 'utf8'));
  const room = await post<{ roomId: string; gmToken: string; gmLink: string }>('/api/rooms', {
    map: read('maps/stress-100.json'),
    encounterFile: 'stress-horde.json',
    party: read('encounters/parties/sample-party.json'),
  });
  const gmLink = `${server.origin}/?room=${encodeURIComponent(room.roomId)}&token=${encodeURIComponent(room.gmToken)}`;
  let invites = 0;
  return {
    gmLink,
    addBackground: async (browser) => {
      const image = await makeTestImage({
        width: IMAGE_SIDE,
        height: IMAGE_SIDE,
        square: 82,
        format: 'jpeg',
      });
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(gmLink);
      await page.waitForFunction(() => window.__iconVtt?.ready === true, null, { timeout: 30_000 });
      await page
        .getByTestId('backdrop-file')
        .setInputFiles({ name: 'bench-8192.jpg', mimeType: 'image/jpeg', buffer: image });
      await page.waitForFunction(() => !!window.__iconVtt?.scene()?.map.background, null, {
        timeout: 120_000,
      });
      await page.close();
    },
    playerLink: async () => {
      const invite = await post<{ link: string }>(
        `/api/rooms/${encodeURIComponent(room.roomId)}/invites`,
        { name: `Bench player ${++invites}`, characterIds: [] },
        room.gmToken,
      );
      return invite.link.replace(/^https?:\/\/[^/]+/, server.origin);
    },
    close: async () => {
      await server.close();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * A player opens the room in a fresh context (empty cache): ms from navigation start to the
 * table's first frame and to the battlemap preview on screen.
 */
export async function playerFirstPicture(
  browser: Browser,
  link: string,
): Promise<{ firstFrame: number; firstPicture: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(link);
  await page.waitForFunction(() => window.__iconVtt?.background()?.previewMs !== undefined, null, {
    timeout: 30_000,
  });
  const result = await page.evaluate(() => ({
    firstFrame: window.__iconVtt?.firstFrameMs ?? NaN,
    firstPicture: window.__iconVtt?.background()?.previewMs ?? NaN,
  }));
  await context.close();
  return result;
}
