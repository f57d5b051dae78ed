import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import type { KeyChart } from '@portal/contract';
import { formatChartValue, keyChartPalette } from './key-chart-format.ts';

/**
 * Bars stand on zero; a line may start where its values do (an index near 50). Either way the 'auto' end lets
 * recharts widen the axis to nice ticks: steps of 1, 2, 2.5 or 5 times a power of ten ('snap125'; its default
 * stepped by 7), up to six of them (with five, -6 to 13 took -10 to 30).
 */
const barDomain: [(min: number) => number, 'auto'] = [(min) => Math.min(0, min), 'auto'];
const lineDomain: ['auto', 'auto'] = ['auto', 'auto'];

/**
 * A key chart's plot with @mantine/charts (recharts): bars for a few periods, lines for longer series. This module
 * loads lazily (key-chart.tsx), so recharts stays out of the pages' first chunks; the figure around it names and
 * describes the plot for assistive technology, whose content is drawing only.
 */
export default function KeyChartPlot({ chart, height }: { chart: KeyChart; height: number }) {
  // Series go by position: a name such as 'U.S.' would be read as a path by recharts.
  const data = chart.labels.map((label, i) =>
    Object.fromEntries([['period', label], ...chart.series.map((s, n) => [`s${n}`, s.values[i] ?? null])]),
  );
  const series = chart.series.map((s, n) => ({
    name: `s${n}`,
    label: s.name,
    color: keyChartPalette[n % keyChartPalette.length] ?? 'gray',
  }));
  const yAxis = { width: 48, tickCount: 6, niceTicks: 'snap125' as const };
  // Period labels at a regular step that fits the width, first one kept.
  const xAxisProps = { interval: 'equidistantPreserveStart' as const };
  const shared = {
    h: height,
    data,
    dataKey: 'period',
    series,
    valueFormatter: formatChartValue,
    withLegend: chart.series.length > 1,
    legendProps: { verticalAlign: 'bottom' as const, height: 36 },
    tickLine: 'none' as const,
    textColor: 'gray.7',
    xAxisProps,
    // The plot is a picture for assistive technology (the figure's name, description and data table say it):
    // no focus stop inside it.
    accessibilityLayer: false,
  };
  return chart.labels.length > 8 ? (
    <LineChart
      {...shared}
      withDots={false}
      curveType="linear"
      strokeWidth={2.5}
      yAxisProps={{ ...yAxis, domain: lineDomain }}
    />
  ) : (
    <BarChart {...shared} yAxisProps={{ ...yAxis, domain: barDomain }} />
  );
}
