import { formatCompletionTime, formatShortDuration } from '../../lib/display-format.ts';
import { HEAT_ALPHA, heatGradientCss, heatLegendTicks } from './heat-scale.ts';

/**
 * The heat map's colour scale with the waiting its ticks stand for, each in one short unit
 * ('2.2 min') so five labels never run together; the exact seconds are in each tick's title.
 */
export function HeatmapLegend({ maxSeconds }: { readonly maxSeconds: number }) {
  const ticks = heatLegendTicks(maxSeconds);
  return (
    <figure aria-label="Heat map legend" className="w-80 text-xs text-slate-300">
      <figcaption className="mb-1 font-medium text-slate-400">Waiting per cell (blocked or queued)</figcaption>
      <div aria-hidden="true" className="h-3 rounded" style={{ background: heatGradientCss(), opacity: HEAT_ALPHA }} />
      <ol className="mt-1 flex justify-between gap-2 font-mono">
        {ticks.map((tick) => (
          <li key={tick.level} title={formatCompletionTime(tick.seconds)}>
            {formatShortDuration(tick.seconds)}
          </li>
        ))}
      </ol>
    </figure>
  );
}
