import type { Locator, Page } from '@playwright/test';

/** The path simulation player on a solve's page. */
export function playerOf(page: Page) {
  const player = page.getByRole('region', { name: 'Path Simulation' });
  const slider = player.getByRole('slider', { name: 'Replay time' });
  return {
    player,
    clock: player.getByLabel('Simulated time'),
    slider,
    /** The cells of a robot's row in the player's table: robot, step, motion, location, deliveries, battery. */
    robotRow: (robotId: string): Locator => player.locator(`tr[data-robot="${robotId}"] > *`),
    /** Moves the time slider to a whole second with the keys, as a keyboard user would: Home, Page Up per minute, → per second. */
    async scrubTo(seconds: number): Promise<void> {
      await slider.focus();
      await slider.press('Home');
      for (let minute = 0; minute < Math.floor(seconds / 60); minute += 1) await slider.press('PageUp');
      for (let second = 0; second < Math.round(seconds % 60); second += 1) await slider.press('ArrowRight');
    },
  };
}

/** The player's clock text for a time: m:ss.s, hours in front past an hour (the web's formatClock). */
export function clockText(seconds: number): string {
  const tenthsTotal = Math.round(Math.round(seconds * 1e6) / 1e5);
  const whole = Math.floor(tenthsTotal / 10);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = `${String(whole % 60).padStart(2, '0')}.${tenthsTotal % 10}`;
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** Seconds of a duration as the product writes it: '23.0 s', '1 min 5 s', '2 h 3 min 4 s'. */
export function durationSeconds(text: string): number {
  const match = /^(?:([\d,]+) h )?(?:(\d+) min )?([\d.]+) s$/.exec(text.trim());
  if (!match) throw new Error(`'${text}' is not a duration`);
  return Number((match[1] ?? '0').replace(/,/g, '')) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3]);
}
