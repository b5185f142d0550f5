import { chromium } from '@playwright/test';
import fs from 'node:fs';
const [url, out] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking'] });
const res=[];
for (let i=0;i<6;i++){
const ctx = await b.newContext({ viewport: { width: 1600, height: 1000 } });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
const events=[];
cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink,loading,v8.execute,toplevel,benchmark,blink.user_timing', transferMode: 'ReportEvents' });
await page.goto(url);
await page.waitForTimeout(1500);
const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
const nav = await page.evaluate(() => { const n=performance.getEntriesByType('navigation')[0]; return {rs:n.responseStart, re:n.responseEnd, di:n.domInteractive, dcl:n.domContentLoadedEventEnd}; });
await cdp.send('Tracing.end'); await done;
res.push({fcp,...nav});
if (i==5) fs.writeFileSync(out, JSON.stringify({traceEvents: events}));
await ctx.close();
}
console.log(res.map(r=>Object.entries(r).map(([k,v])=>k+'='+Math.round(v)).join(' ')).join('\n'));
await b.close();
