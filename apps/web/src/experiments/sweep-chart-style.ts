// What every sweep chart draws alike: the swept setting along the bottom, seconds on the left,
// rates on the right, the dark tooltip and the legend under the plot.

export const CHART_TOOLTIP_STYLE = { background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' } as const;

/** Props of the swept setting's axis: a number axis over the points tested, named below. */
export function settingAxisProps(label: string) {
  return {
    type: 'number' as const,
    domain: ['dataMin', 'dataMax'] as [string, string],
    stroke: '#94a3b8',
    fontSize: 11,
    label: { value: label, position: 'insideBottom' as const, offset: -8, fill: '#94a3b8', fontSize: 11 },
  };
}

/** The left axis in seconds and the right one in orders (or deliveries) per hour. */
export const TIME_AXIS_PROPS = { yAxisId: 'time', stroke: '#94a3b8', fontSize: 11, unit: ' s', width: 64 } as const;
export const RATE_AXIS_PROPS = {
  yAxisId: 'rate',
  orientation: 'right' as const,
  stroke: '#34d399',
  fontSize: 11,
  width: 56,
} as const;
/** In the order the lines are drawn, not by name. */
export const LEGEND_PROPS = {
  verticalAlign: 'bottom' as const,
  wrapperStyle: { fontSize: 12, paddingTop: 20 },
  itemSorter: null,
};
