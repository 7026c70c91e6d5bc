import { expect, test } from './fixtures';
import { useTestServer, waitReady } from './helpers';

/**
 * Chromium against the real server on the real build: the scripts and styles arrive brotli
 * compressed from the copies `vite build` left in dist/, hashed assets are cached for good,
 * index.html is revalidated (a 304 on the second load), and the page still comes up.
 */
const server = useTestServer();

test('the built client arrives brotli-compressed, hashed assets cached for good, index.html revalidated', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const answers: { url: string; status: number; headers: Record<string, string> }[] = [];
  page.on('response', async (response) => {
    answers.push({ url: response.url(), status: response.status(), headers: await response.allHeaders() });
  });
  await page.goto(`${server().origin}/`);
  await waitReady(page);

  const assets = answers.filter((a) => /\/assets\/.+\.(js|css)$/.test(a.url));
  expect(assets.length).toBeGreaterThan(1);
  for (const asset of assets) {
    expect({ url: asset.url, encoding: asset.headers['content-encoding'] }).toEqual({
      url: asset.url,
      encoding: 'br',
    });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['vary']).toBe('Accept-Encoding');
  }
  const index = answers.find((a) => new URL(a.url).pathname === '/')!;
  expect(index.headers['content-encoding']).toBe('br');
  expect(index.headers['cache-control']).toBe('no-cache');

  // Second load in the same profile: the page is revalidated by its ETag, the assets come from the
  // cache. Only the assets' answers are counted: the start page's API calls are always fresh.
  const revalidated: { requestId: string; status: number }[] = [];
  const urls = new Map<string, string>();
  const page2 = await context.newPage();
  const cdp = await context.newCDPSession(page2);
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.responseReceivedExtraInfo', (e) =>
    revalidated.push({ requestId: e.requestId, status: e.statusCode }),
  );
  await cdp.send('Network.enable');
  await page2.goto(`${server().origin}/`);
  await waitReady(page2);
  expect(revalidated.map((r) => r.status)).toContain(304);
  const assetsFetched = revalidated.filter(
    (r) => r.status === 200 && /\/assets\/.+\.(js|css)$/.test(urls.get(r.requestId) ?? ''),
  );
  expect(assetsFetched.length).toBeLessThan(assets.length);
  await context.close();
});
