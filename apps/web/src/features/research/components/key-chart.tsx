import type { KeyChart as Chart } from '@portal/contract';
import { useId } from 'react';
import classes from './pages.module.css';

// Series colours with at least 3:1 contrast on white (WCAG 1.4.11).
const palette = ['#244a7c', '#8a6417', '#1f6f78', '#a23b2a', '#5b3f8c'];
const width = 560;
const height = 260;
const pad = { top: 16, right: 16, bottom: 40, left: 52 };

const niceMax = (value: number) => {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value / 4 - 1e-9) ?? 10;
  return Math.ceil(value / (step * power)) * step * power;
};

const format = (value: number) =>
  new Intl.NumberFormat(undefined, { maximumFractionDigits: Math.abs(value) < 10 ? 2 : 1 }).format(value);

/**
 * A key chart as an inline SVG (bars for a few categories, lines for longer series), labelled for assistive
 * technology, with the numbers in a data table behind a disclosure.
 */
export function KeyChart({ chart }: { chart: Chart }) {
  const titleId = useId();
  const descId = useId();
  const values = chart.series.flatMap((s) => s.values);
  const low = Math.min(0, ...values);
  const min = low < 0 ? -niceMax(-low) : 0;
  const max = niceMax(Math.max(0, ...values));
  const span = max - min || 1;
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const y = (value: number) => pad.top + plotH - ((value - min) / span) * plotH;
  const n = Math.max(chart.labels.length, 1);
  const line = chart.labels.length > 8;
  const band = plotW / n;
  const x = (i: number) => pad.left + band * i + band / 2;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => min + span * t);
  const labelEvery = Math.ceil(n / 8);
  const barW = (band * 0.7) / Math.max(chart.series.length, 1);
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
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={titleId} aria-describedby={descId}>
        <title>{chart.title}</title>
        <desc id={descId}>{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} stroke="#d9dee7" />
            <text x={pad.left - 8} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#4a5568">
              {format(tick)}
            </text>
          </g>
        ))}
        {chart.labels.map((label, i) =>
          i % labelEvery === 0 ? (
            <text
              key={label}
              x={x(i)}
              y={height - pad.bottom + 18}
              textAnchor="middle"
              fontSize="11"
              fill="#4a5568"
            >
              {label}
            </text>
          ) : null,
        )}
        {chart.series.map((series, s) => {
          const colour = palette[s % palette.length];
          if (line) {
            const points = series.values.map((v, i) => `${x(i)},${y(v)}`).join(' ');
            return (
              <polyline key={series.name} points={points} fill="none" stroke={colour} strokeWidth="2.5" />
            );
          }
          return (
            <g key={series.name} fill={colour}>
              {series.values.map((v, i) => {
                const left = x(i) - (band * 0.7) / 2 + barW * s;
                const top = Math.min(y(v), y(0));
                return (
                  <rect
                    // biome-ignore lint/suspicious/noArrayIndexKey: one bar per label position
                    key={i}
                    x={left}
                    y={top}
                    width={Math.max(barW - 2, 1)}
                    height={Math.abs(y(v) - y(0))}
                  />
                );
              })}
            </g>
          );
        })}
        <line x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} stroke="#4a5568" />
      </svg>
      {chart.series.length > 1 && (
        <ul className={classes.legend} aria-hidden="true">
          {chart.series.map((series, s) => (
            <li key={series.name}>
              <span className={classes.swatch} style={{ background: palette[s % palette.length] }} />
              {series.name}
            </li>
          ))}
        </ul>
      )}
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
                  {chart.series.map((series) => (
                    <td key={series.name}>
                      {series.values[i] === undefined ? '' : format(series.values[i])}
                    </td>
                  ))}
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
