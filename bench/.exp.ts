import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../playwright.config';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
const DIST = '/work/main/dist';
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  let f = path.join(DIST, url.pathname === '/' ? 'index.html' : url.pathname);
  if (!fs.existsSync(f) || fs.statSync(f).isDirectory()) f = path.join(DIST, 'index.html');
  res.setHeader('content-type', f.endsWith('.js') ? 'text/javascript' : f.endsWith('.css') ? 'text/css' : 'text/html');
  res.end(fs.readFileSync(f));
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as { port: number }).port;
const browser = await chromium.launch(CHROMIUM_LAUNCH);
for (const q of process.argv.slice(2)) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`http://127.0.0.1:${port}/${q}`);
  await page.waitForFunction(() => window.__iconVtt?.ready === true, null, { timeout: 30000 });
  await page.waitForTimeout(300);
  if (q.includes('tiny')) await page.evaluate(`window.__iconVtt.setCamera({x:0,y:0,zoom:0.05})`);
  if (q.includes('away')) await page.evaluate(`window.__iconVtt.setCamera({x:-99999,y:0,zoom:1})`);
  await page.waitForTimeout(300);
  const idle = await page.evaluate(`(async () => { const d=[]; let last=performance.now(); await new Promise(r=>{ const s=(n)=>{d.push(n-last); last=n; if(d.length>40) return r(); requestAnimationFrame(s)}; requestAnimationFrame(s)}); d.sort((a,b)=>a-b); return [d[20], d[38]] })()`);
  const gl = await page.evaluate(`(() => { const c=document.querySelector('canvas'); const g=c.getContext('webgl2')||c.getContext('webgl'); const e=g&&g.getExtension('WEBGL_debug_renderer_info'); return e? g.getParameter(e.UNMASKED_RENDERER_WEBGL): 'n/a'})()`);
  console.log(q, 'idle p50/p95', idle, gl);
  await page.close();
}
await browser.close(); server.close();
