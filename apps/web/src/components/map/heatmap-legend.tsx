import { formatCompletionTime } from '../../lib/display-format.ts';
import { HEAT_ALPHA, heatGradientCss, heatLegendTicks } from './heat-scale.ts';

/** The heat map's colour scale with the waiting seconds its ticks stand for. */
export function HeatmapLegend({ maxSeconds }: { readonly maxSeconds: number }) {
  const ticks = heatLegendTicks(maxSeconds);
  return (
    <figure aria-label="Heat map legend" className="w-72 text-xs text-slate-300">
      <figcaption className="mb-1 font-medium text-slate-400">Waiting per cell (blocked or queued)</figcaption>
      <div aria-hidden="true" className="h-3 rounded" style={{ background: heatGradientCss(), opacity: HEAT_ALPHA }} />
      <ol className="mt-1 flex justify-between font-mono">
        {ticks.map((tick) => (
          <li key={tick.level}>{formatCompletionTime(tick.seconds)}</li>
        ))}
      </ol>
    </figure>
  );
}
