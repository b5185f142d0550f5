import type { Browser, Page } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { precompressDir } from '../scripts/precompress';
import { FLOOR_HTML } from './floorPage';
import { seedJson, serveDir, withBuiltApp } from './ruler';

// Frames during a scripted mouse drag with 5,000 stored tasks, from a real Chromium: Monday's first card
// over into Tuesday, down 600 px of Tuesday's ~625 cards, back up and back into Monday, then dropped.
// Measured from the page (requestAnimationFrame timestamps, long-animation-frame entries) and from a
// Chromium trace (the main-thread task of each mousemove), never as a timed test. The plain-DOM floor
// has no drag: the same mouse path over it (no button: a held one would select text) gives the frames of a
// page that only hit-tests and repaints. With rAF-aligned input, Chromium dispatches a mousemove inside its
// frame's task, so "tasks with a mousemove" are the main thread's work for those frames.

const MANY = 5000;
const RUNS = 3;
const KEY = 'weekly-planner-tasks';
/** A display frame at 60 Hz; a frame interval above it (with 1 ms of timer jitter) missed a vsync. */
const FRAME_MS = 16.7;
const MISSED = FRAME_MS + 1;

/** Before any page script: the tasks, and (once the page asks) a recorder of frames, DOM changes and long frames. */
const initScript = (json: string) => `(() => {
  try { if (!sessionStorage.getItem('__seeded')) { sessionStorage.setItem('__seeded', '1'); localStorage.setItem(${JSON.stringify(KEY)}, ${JSON.stringify(json)}); } } catch (e) {}
  window.__dragRecord = () => {
    const R = { frames: [], changes: [], loaf: [], on: true };
    const loop = (t) => { if (!R.on) return; R.frames.push(t); requestAnimationFrame(loop); };
    requestAnimationFrame(loop);
    const changes = new MutationObserver(() => R.changes.push(performance.now()));
    changes.observe(document.body, { childList: true, subtree: true });
    let loaf = null;
    try {
      loaf = new PerformanceObserver((list) => { for (const e of list.getEntries()) R.loaf.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration }); });
      loaf.observe({ type: 'long-animation-frame' });
    } catch (e) {}
    window.__dragStop = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
      R.on = false; changes.disconnect(); if (loaf) { R.loaf.push(...loaf.takeRecords().map((e) => ({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration }))); loaf.disconnect(); }
      resolve({ frames: R.frames, changes: R.changes, loaf: R.loaf });
    })));
  };
})()`;

/** Monday's and Tuesday's columns and the centre of Monday's first card (the app and the floor both use section > … > li). */
const geometryScript = `(() => {
  const [mon, tue] = document.querySelectorAll('section');
  const card = mon && mon.querySelector('li');
  if (!card || !tue) return null;
  const c = card.getBoundingClientRect();
  const t = tue.getBoundingClientRect();
  return { x: c.x + c.width / 2, y: c.y + c.height / 2, tueX: t.x + t.width / 2 };
})()`;

interface Recording {
  frames: number[];
  changes: number[];
  loaf: Array<{ start: number; duration: number; blocking: number }>;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

const BREAKDOWN = ['EventDispatch', 'FunctionCall', 'RunMicrotasks', 'FireAnimationFrame', 'UpdateLayoutTree', 'Layout', 'HitTest', 'PrePaint', 'Paint', 'Layerize', 'MinorGC', 'MajorGC'];

/** The main-thread tasks of the page, and which of them handled a mousemove, from a Chromium trace. */
function tasksFromTrace(buffer: Buffer): { moveTasks: number[]; allTasks: number[]; breakdown: Map<string, number> } {
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const moves = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'mousemove');
  // The renderer main thread that dispatched the moves.
  const thread = moves[0] && { pid: moves[0].pid, tid: moves[0].tid };
  if (!thread) return { moveTasks: [], allTasks: [], breakdown: new Map() };
  const onMain = (e: TraceEvent) => e.pid === thread.pid && e.tid === thread.tid;
  const first = Math.min(...moves.map((e) => e.ts));
  const last = Math.max(...moves.map((e) => e.ts));
  const tasks = events
    .filter((e) => onMain(e) && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.ts >= first - 20_000 && e.ts <= last + 50_000)
    .sort((a, b) => a.ts - b.ts);
  // Top-level tasks only (a RunTask may nest in another).
  const top: TraceEvent[] = [];
  for (const task of tasks) {
    const outer = top[top.length - 1];
    if (!outer || task.ts >= outer.ts + (outer.dur ?? 0)) top.push(task);
  }
  const moveTimes = moves.filter(onMain).map((e) => e.ts);
  const moveTasks = top.filter((task) => moveTimes.some((ts) => ts >= task.ts && ts <= task.ts + (task.dur ?? 0)));
  // Where the time of the moves' tasks went (names nest: a FunctionCall holds the Layout it forced).
  const breakdown = new Map<string, number>();
  const inMoveTask = (e: TraceEvent) => moveTasks.some((task) => e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0));
  for (const e of events) {
    if (e.ph === 'X' && onMain(e) && BREAKDOWN.includes(e.name) && inMoveTask(e)) breakdown.set(e.name, (breakdown.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return { moveTasks: moveTasks.map((task) => (task.dur ?? 0) / 1000), allTasks: top.map((task) => (task.dur ?? 0) / 1000), breakdown };
}

/** Presses on Monday's first card and moves one small step at a time (each awaited, as a hand's moves arrive). */
async function scriptedDrag(page: Page, press: boolean): Promise<void> {
  const at = (await page.evaluate(geometryScript)) as { x: number; y: number; tueX: number } | null;
  if (!at) throw new Error('no card in the first column');
  const { x, y, tueX } = at;
  await page.mouse.move(x, y);
  if (press) await page.mouse.down();
  await page.mouse.move(x + 6, y, { steps: 2 });
  await page.mouse.move(x + 14, y, { steps: 2 }); // past the 10 px activation
  await page.mouse.move(tueX, y, { steps: 20 }); // into Tuesday
  await page.mouse.move(tueX, y + 600, { steps: 60 }); // down Tuesday's cards
  await page.mouse.move(tueX, y, { steps: 60 }); // back up
  await page.mouse.move(x, y, { steps: 20 }); // back into Monday
  if (press) await page.mouse.up();
}

interface Run {
  /** requestAnimationFrame intervals during the drag. */
  frames: number[];
  /** Intervals of frames that showed a change of the card lists (a live move). */
  stepFrames: number[];
  moveTasks: number[];
  longTasks: number;
  loaf: Recording['loaf'];
  breakdown: Map<string, number>;
}

async function dragOnce(browser: Browser, url: string, json: string, press: boolean): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, serviceWorkers: 'block' });
  try {
    await context.addInitScript(initScript(json));
    const page = await context.newPage();
    await page.goto(url);
    // Every column complete (the last card of Some Day in the DOM), the drag backend's chunk loaded, the page idle.
    await page.waitForFunction(`document.querySelectorAll('section').length >= 8 && document.querySelectorAll('li').length >= ${MANY}`, undefined, { timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
    await page.waitForTimeout(1500);
    await page.evaluate('window.__dragRecord()');
    // DRAG_PROFILE=file.cpuprofile: also a JS CPU profile of the app's drag (for DevTools or a summary).
    const profiler = process.env.DRAG_PROFILE && press ? await context.newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.send('Profiler.start');
    }
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await scriptedDrag(page, press);
    if (profiler) await writeFile(process.env.DRAG_PROFILE!, JSON.stringify((await profiler.send('Profiler.stop')).profile));
    const recording = (await page.evaluate('window.__dragStop()')) as Recording;
    const trace = await browser.stopTracing();
    if (process.env.DRAG_TRACE && press) await writeFile(process.env.DRAG_TRACE, trace);
    const { moveTasks, allTasks, breakdown } = tasksFromTrace(trace);
    const frames: number[] = [];
    const stepFrames: number[] = [];
    for (let i = 1; i < recording.frames.length; i++) {
      const [from, to] = [recording.frames[i - 1]!, recording.frames[i]!];
      frames.push(to - from);
      if (recording.changes.some((t) => t >= from && t < to)) stepFrames.push(to - from);
    }
    return { frames, stepFrames, moveTasks, longTasks: allTasks.filter((d) => d > 50).length, loaf: recording.loaf, breakdown };
  } finally {
    await context.close();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
const stats = (values: number[]) =>
  `${String(values.length).padStart(3)}  median ${f1(percentile(values, 50)).padStart(5)}  p90 ${f1(percentile(values, 90)).padStart(5)}  p95 ${f1(percentile(values, 95)).padStart(5)}  max ${f1(values.length ? Math.max(...values) : Number.NaN).padStart(5)}  > ${FRAME_MS}: ${values.filter((v) => v > MISSED).length}`;

async function printPage(browser: Browser, name: string, url: string, json: string, press: boolean): Promise<void> {
  for (let run = 1; run <= RUNS; run++) {
    const r = await dragOnce(browser, url, json, press);
    console.log(`  ${name}, run ${run} (load ${loadavg()[0]!.toFixed(1)})`);
    console.log(`    frames (rAF interval, ms)      ${stats(r.frames)}`);
    if (r.stepFrames.length > 0) console.log(`    frames showing a live move     ${stats(r.stepFrames)}`);
    console.log(`    tasks with a mousemove (trace) ${stats(r.moveTasks)}`);
    const loafMax = Math.max(0, ...r.loaf.map((l) => l.duration));
    console.log(`    long tasks > 50 ms: ${r.longTasks}; long animation frames: ${r.loaf.length}${r.loaf.length ? ` (longest ${f1(loafMax)} ms)` : ''}`);
    if (process.env.DRAG_DETAIL) console.log(`    in those tasks, ms: ${[...r.breakdown].map(([name, total]) => `${name} ${total.toFixed(0)}`).join(', ')}`);
  }
}

/** Prints the drag figures for the production build in appDir, next to the floor's frames on the same mouse path. */
export async function printDrag(browser: Browser, appDir: string): Promise<void> {
  const floorDir = await mkdtemp(path.join(tmpdir(), 'planner-drag-floor-'));
  await writeFile(path.join(floorDir, 'index.html'), FLOOR_HTML);
  await precompressDir(floorDir);
  const floor = await serveDir(floorDir);
  const app = await serveDir(appDir);
  const json = seedJson(MANY);
  try {
    console.log(`\nDrag frames, ${MANY.toLocaleString('en')} tasks (~${MANY / 8} a column): Monday's first card into Tuesday, down 600 px, back up, back into Monday`);
    console.log(`  per run: count, median, p90, p95, max (ms), and how many exceed a ${FRAME_MS} ms display frame (+1 ms jitter)`);
    await printPage(browser, 'floor (no drag: the same mouse path, no button)', floor.url, json, false);
    await printPage(browser, 'app', app.url, json, true);
  } finally {
    await app.close();
    await floor.close();
    await rm(floorDir, { recursive: true, force: true });
  }
}

/** `npm run bench -- drag`: the drag figures alone, on a fresh production build (or BENCH_APP_DIR, already built). */
export const benchDrag = (): Promise<void> => withBuiltApp('Drag', printDrag);
