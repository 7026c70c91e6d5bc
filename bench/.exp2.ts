import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../playwright.config';
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.setContent('<html><body><div id=x style="width:100px;height:100px;background:red"></div></body></html>');
const r = await page.evaluate(`(async () => { const d=[]; let last=performance.now(); const x=document.getElementById('x'); await new Promise(r=>{ const s=(n)=>{d.push(n-last); last=n; x.style.transform='translateX('+(d.length)+'px)'; if(d.length>60) return r(); requestAnimationFrame(s)}; requestAnimationFrame(s)}); d.sort((a,b)=>a-b); return [d[30], d[57]] })()`);
console.log('plain DOM rAF p50/p95', r);
await browser.close();
