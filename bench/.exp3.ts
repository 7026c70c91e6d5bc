import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../playwright.config';
const browser = await chromium.launch(CHROMIUM_LAUNCH);
for (const [w, h, aa, pres] of [[924, 772, false, false], [924, 772, false, true], [462, 386, false, false]] as const) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(`<html><body style="margin:0"><canvas id=c width=${w} height=${h}></canvas></body></html>`);
  const r = await page.evaluate(`(async () => { const c=document.getElementById('c'); const g=c.getContext('webgl2',{antialias:${aa}, preserveDrawingBuffer:${pres}}); const d=[]; let last=performance.now(); await new Promise(r=>{ const s=(n)=>{d.push(n-last); last=n; g.clearColor(Math.random(),0.5,0.5,1); g.clear(g.COLOR_BUFFER_BIT); if(d.length>60) return r(); requestAnimationFrame(s)}; requestAnimationFrame(s)}); d.sort((a,b)=>a-b); return [d[30], d[57]] })()`);
  console.log(w, h, 'aa', aa, 'preserve', pres, 'webgl clear rAF p50/p95', r);
  await page.close();
}
await browser.close();
