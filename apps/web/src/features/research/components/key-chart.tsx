import { VisuallyHidden } from '@mantine/core';
import type { KeyChart as Chart } from '@portal/contract';
import { lazy, Suspense, useId } from 'react';
import { formatChartValue } from './key-chart-format.ts';
import classes from './pages.module.css';

/** The plot (@mantine/charts and recharts) loads on its own, when a chart is first shown. */
const KeyChartPlot = lazy(() => import('./key-chart-plot.tsx'));
/** The plot's height, legend included; its placeholder takes the same, so nothing moves when it comes. */
const plotHeight = 260;

/**
 * A key chart: a figure whose plot is one image for assistive technology, named by the chart's title and
 * described by a summary, with every number in a data table behind a disclosure.
 */
export function KeyChart({ chart }: { chart: Chart }) {
  const titleId = useId();
  const descId = useId();
  const line = chart.labels.length > 8;
  const summary = `${line ? 'Line' : 'Bar'} chart of ${chart.series.map((s) => s.name).join(', ')} by ${
    chart.labels.length
  } periods, in ${chart.unit}. The data table below lists every value.`;

  return (
    <figure className={classes.chart}>
      <figcaption>
        <h3 id={titleId} className={classes.chartTitle}>
          {chart.title}
        </h3>
        <span className={classes.meta}>{chart.unit}</span>
      </figcaption>
      <div
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className={classes.plot}
        style={{ height: plotHeight }}
      >
        <Suspense fallback={<div className={classes.plotPlaceholder} />}>
          <KeyChartPlot chart={chart} height={plotHeight} />
        </Suspense>
      </div>
      <VisuallyHidden id={descId}>{summary}</VisuallyHidden>
      <details className={classes.details}>
        <summary>Show data table</summary>
        <div className={classes.tableScroll}>
          <table className={classes.dataTable}>
            <caption className={classes.meta}>
              {chart.title} ({chart.unit})
            </caption>
            <thead>
              <tr>
                <th scope="col">Period</th>
                {chart.series.map((series) => (
                  <th key={series.name} scope="col">
                    {series.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.labels.map((label, i) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {chart.series.map((series) => {
                    const value = series.values[i];
                    return <td key={series.name}>{value === undefined ? '' : formatChartValue(value)}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      {chart.source && <p className={classes.source}>Source: {chart.source}</p>}
    </figure>
  );
}
