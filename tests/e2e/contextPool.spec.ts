import { DEFAULT_VIEWPORT } from '../../playwright.config';
import { expect, test } from './fixtures';

// The worker hands a closed context out again (contextPool.ts): the next test must find it as a
// new context would be, or tests would pass or fail by the order they run in.
test('a context handed out again keeps nothing of the test before: storage, cookies, listeners, routes, size', async ({
  browser,
  server,
}) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await page.goto(`${server.origin}/favicon.svg`);
  await page.evaluate(() => {
    localStorage.setItem('hints', 'dismissed');
    sessionStorage.setItem('draft', 'hello');
    document.cookie = 'seen=1';
  });
  const heard: string[] = [];
  page.on('console', (message) => heard.push(message.text()));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.route('**/favicon.svg', (route) => route.abort());
  await first.close();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  expect(await phone.newPage()).not.toBe(page); // other options: never the parked page
  const second = await browser.newContext();
  const again = await second.newPage();
  expect(again).toBe(page);
  const answer = await again.goto(`${server.origin}/favicon.svg`); // not aborted: the route is gone
  expect(answer?.status()).toBe(200);
  expect(await again.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([
    0,
    0,
    '',
  ]);
  expect(again.viewportSize()).toEqual(DEFAULT_VIEWPORT);
  await again.evaluate(() => console.log('after the reset'));
  expect(heard).toEqual([]);
});

test('a context given an init script is closed for real, never handed out again', async ({
  browser,
  server,
}) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await first.addInitScript(() => {
    (window as unknown as { marked: boolean }).marked = true;
  });
  await page.goto(`${server.origin}/favicon.svg`);
  await first.close();
  expect(page.isClosed()).toBe(true);
  const next = await (await browser.newContext()).newPage();
  await next.goto(`${server.origin}/favicon.svg`);
  expect(await next.evaluate(() => 'marked' in window)).toBe(false);
});

// A page from `browser.newPage()` once tied its context to it: handed out again, that context
// refused the second page axe opens ("Please use browser.newContext()").
test('a context first opened by browser.newPage() opens a second page when handed out again', async ({
  browser,
  server,
}) => {
  const first = await browser.newPage();
  await first.goto(`${server.origin}/favicon.svg`);
  await first.context().close();
  const context = await browser.newContext();
  const page = await context.newPage();
  expect(page).toBe(first);
  const second = await context.newPage();
  await second.goto(`${server.origin}/favicon.svg`);
  expect(context.pages()).toHaveLength(2);
});

// A story's seats are closed together when its file ends: each must be parked, not only the last.
test('contexts closed at the same time are all handed out again', async ({ browser, server }) => {
  // Options no other test uses: the first contexts of their kind the pool sees.
  const size = { viewport: { width: 1001, height: 701 } };
  const pages = await Promise.all(
    [1, 2, 3].map(async () => {
      const page = await (await browser.newContext(size)).newPage();
      await page.goto(`${server.origin}/favicon.svg`);
      return page;
    }),
  );
  await Promise.all(pages.map((page) => page.context().close()));
  const again = [];
  for (let i = 0; i < 3; i++) again.push(await (await browser.newContext(size)).newPage());
  expect(new Set(again)).toEqual(new Set(pages));
});
