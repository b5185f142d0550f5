// DIAG_EVERY_MS: a worker prints, per interval, where its requests' time went (event-loop delay, GC pauses, waits
// for a pool connection, the database round trip, the whole handler). Off unless set; a measuring aid for the load
// bench (docs/server.md), not a feature.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const every = Number(process.env.DIAG_EVERY_MS ?? 0);
const series = new Map<string, number[]>();

export const diagOn = every > 0;

export function diagRecord(name: string, ms: number): void {
  if (!diagOn) return;
  let list = series.get(name);
  if (!list) series.set(name, (list = []));
  list.push(ms);
}

if (diagOn) {
  const eld = monitorEventLoopDelay({ resolution: 5 });
  eld.enable();
  let gcMs = 0;
  let gcMax = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcMs += e.duration;
      gcMax = Math.max(gcMax, e.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
  const timer = setInterval(() => {
    const parts = [`eld p50 ${(eld.percentile(50) / 1e6).toFixed(1)} p99 ${(eld.percentile(99) / 1e6).toFixed(1)} max ${(eld.max / 1e6).toFixed(1)}`, `gc ${gcMs.toFixed(0)} ms (max ${gcMax.toFixed(0)})`];
    for (const [name, list] of series) {
      list.sort((a, b) => a - b);
      parts.push(`${name} n${list.length} p50 ${pct(list, 50).toFixed(1)} p99 ${pct(list, 99).toFixed(1)} max ${list[list.length - 1]!.toFixed(0)}`);
    }
    console.error(`[diag ${process.pid} ${new Date().toISOString().slice(11, 19)}] ${parts.join(' | ')}`);
    series.clear();
    eld.reset();
    gcMs = gcMax = 0;
  }, every);
  timer.unref();
}
