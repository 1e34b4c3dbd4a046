/**
 * Loaded into the server process by api-under-load.ts (`node --import <this file> --import tsx`;
 * plain JavaScript, since Node loads it before tsx):
 * measures the server's event loop, whose stalls every request waits out, and answers over the
 * IPC channel. `loop-reset` starts a window; `loop-read` answers the delay percentiles (how late a
 * timer due every 10 ms fired: the histogram holds the whole interval, so the 10 ms are taken off)
 * and the utilisation (the share of the window the loop was busy) since then.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const RESOLUTION_MS = 10;
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delay.enable();
let since = performance.eventLoopUtilization();

/** How late the timer fired, in ms to 0.1. */
const lateMs = (nanoseconds) => Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 10) / 10);

process.on('message', (message) => {
  if (message === 'loop-reset') {
    delay.reset();
    since = performance.eventLoopUtilization();
  } else if (message === 'loop-read') {
    const window = {
      delayP50Ms: lateMs(delay.percentile(50)),
      delayP99Ms: lateMs(delay.percentile(99)),
      delayMaxMs: lateMs(delay.max),
      utilisation: performance.eventLoopUtilization(since).utilization,
    };
    process.send?.({ kind: 'loop-window', window });
  }
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();
