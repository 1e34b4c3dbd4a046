// The results page of one completed solve in headless Chromium, signed in with a token, as a
// planner opens it; prints one JSON line of figures (`bench:scale` runs it per size):
//
//   npx tsx apps/web/scripts/results-page-figures.ts --origin http://127.0.0.1:PORT --token TOKEN --solve ID
//
// - summaryMs: from navigation start until Total Deliveries shows its figure (sampled every frame);
// - solveRequest: when GET /solves/{id} started and ended, and its bytes on the wire (resource timing);
// - playerReadyMs: until the player's Play button is there (the environment is loaded and drawn);
// - domNodes: elements on the page once the timeline and robot list are in, and again with the
//   longest robot plan expanded;
// - largestTable: the table with the most rows (aria-rowcount) and how many it draws;
// - timelineRows: robots in the timeline and the rows it draws;
// - fps, frameP95Ms: animation frames while the replay plays (with traffic when the solve has it).

import { parseArgs } from 'node:util';
import { launchChromium } from './headless-page-kit.ts';

export interface ResultsPageFigures {
  readonly summaryMs: number;
  readonly solveRequest: { readonly startMs: number; readonly endMs: number; readonly transferBytes: number };
  readonly playerReadyMs: number;
  readonly domNodes: number;
  readonly domNodesExpanded: number;
  readonly largestTable: { readonly name: string; readonly rows: number; readonly rendered: number };
  readonly timelineRows: { readonly robots: number; readonly drawn: number };
  readonly fps: number;
  readonly frameP95Ms: number;
}

const PAGE_TIMEOUT_MS = 180_000;
const FRAME_MEASURE_MS = 4000;
/** The player runs a moment before frames count: its first frames draw the static layer. */
const PLAY_WARM_UP_MS = 500;

const { values: options } = parseArgs({
  options: {
    origin: { type: 'string' },
    token: { type: 'string' },
    solve: { type: 'string' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
if (!options.origin || !options.token || !options.solve)
  throw new Error('Usage: results-page-figures.ts --origin URL --token TOKEN --solve ID');

const browser = await launchChromium(options.chromium);
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await page.addInitScript((token) => window.localStorage.setItem('token', token), options.token);
  await page.goto(`${options.origin}/solves/${options.solve}`, { waitUntil: 'commit' });
  const summary = await page.waitForFunction(
    () => {
      const term = [...document.querySelectorAll('dt')].find((element) => element.textContent === 'Total Deliveries');
      return term?.nextElementSibling?.textContent ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: PAGE_TIMEOUT_MS },
  );
  const summaryMs = (await summary.jsonValue()) as number;
  const solveRequest = await page.evaluate((path) => {
    const entry = performance
      .getEntriesByType('resource')
      .find((candidate) => new URL(candidate.name).pathname === path) as PerformanceResourceTiming | undefined;
    return {
      startMs: entry?.startTime ?? Number.NaN,
      endMs: entry?.responseEnd ?? Number.NaN,
      transferBytes: entry?.encodedBodySize ?? Number.NaN,
    };
  }, `/api/v1/solves/${options.solve}`);
  const play = page.getByRole('button', { name: 'Play', exact: true });
  await play.waitFor({ timeout: PAGE_TIMEOUT_MS });
  const playerReadyMs = await page.evaluate(() => performance.now());
  // The timeline and the robots' details come in a deferred render: count once they are in.
  const robotButtons = page.locator('section[aria-labelledby="robot-details-title"] button[aria-expanded]');
  await robotButtons.first().waitFor({ timeout: PAGE_TIMEOUT_MS });
  await page
    .locator('section[aria-labelledby="gantt-title"] [data-robot]')
    .first()
    .waitFor({ timeout: PAGE_TIMEOUT_MS });
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);

  const longest = await robotButtons.evaluateAll((buttons) => {
    const deliveries = buttons.map((button) => Number(/(\d+) deliveries/.exec(button.textContent ?? '')?.[1] ?? 0));
    return deliveries.indexOf(Math.max(...deliveries));
  });
  await robotButtons.nth(longest).click();
  await page.getByRole('table', { name: 'Battery Levels' }).waitFor();
  const layout = await page.evaluate(() => ({
    domNodes: document.getElementsByTagName('*').length,
    tables: [...document.querySelectorAll('table')].map((table) => ({
      name: table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent ?? '(unnamed)',
      rows: Number(table.getAttribute('aria-rowcount') ?? table.rows.length) - (table.tHead ? 1 : 0),
      rendered: [...(table.tBodies[0]?.rows ?? [])].filter((row) => row.getAttribute('aria-hidden') !== 'true').length,
    })),
    timelineDrawn: document.querySelectorAll('section[aria-labelledby="gantt-title"] [data-robot]').length,
  }));
  const largestTable = layout.tables.reduce((largest, table) => (table.rows > largest.rows ? table : largest));

  const traffic = page.getByRole('button', { name: 'With traffic' });
  if ((await traffic.count()) > 0) await traffic.click();
  await play.click();
  await page.waitForTimeout(PLAY_WARM_UP_MS);
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  const intervals = await page.evaluate(async (durationMs) => {
    const gaps: number[] = [];
    let previous = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const end = previous + durationMs;
    while (previous < end) {
      const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      gaps.push(now - previous);
      previous = now;
    }
    return gaps;
  }, FRAME_MEASURE_MS);
  const sorted = [...intervals].sort((a, b) => a - b);
  const figures: ResultsPageFigures = {
    summaryMs,
    solveRequest,
    playerReadyMs,
    domNodes,
    domNodesExpanded: layout.domNodes,
    largestTable,
    timelineRows: { robots: await robotButtons.count(), drawn: layout.timelineDrawn },
    fps: (intervals.length * 1000) / intervals.reduce((sum, gap) => sum + gap, 0),
    frameP95Ms: sorted[Math.floor(sorted.length * 0.95)],
  };
  console.log(JSON.stringify(figures));
} finally {
  await browser.close();
}
