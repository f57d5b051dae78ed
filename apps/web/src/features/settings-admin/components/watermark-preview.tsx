import { messagesSettingsAdmin } from '@portal/contract';
import { useId } from 'react';
import { samplePage, type WatermarkForm, watermarkPreview } from '../lib/watermark-form.ts';
import classes from './settings-admin.module.css';

const m = messagesSettingsAdmin.watermark;
const { width, height } = samplePage;

// Grey bars standing for a report's heading and paragraphs, so that the mark is seen over a page like the real one.
const bars = [
  { y: 70, w: 300, h: 18 },
  { y: 100, w: 200, h: 10 },
  ...Array.from({ length: 9 }, (_, i) => ({ y: 150 + i * 22, w: i % 4 === 3 ? 280 : 480, h: 8 })),
  { y: 370, w: 480, h: 160, chart: true },
  ...Array.from({ length: 10 }, (_, i) => ({ y: 560 + i * 22, w: i % 5 === 4 ? 220 : 480, h: 8 })),
];

/**
 * One configuration drawn on a sample A4 page (SVG in PDF points): the mark's box dashed, its text as the server
 * stamps it (the same placement code, the same line layout, half opacity), with sample reader values in the
 * placeholders. The SVG is one labelled image; its text is also given in words for a screen reader.
 */
export function WatermarkPreview({ form, index }: { form: WatermarkForm; index: number }) {
  const titleId = useId();
  const preview = watermarkPreview(form);
  const { box } = preview;
  const description = preview.visible
    ? `${m.samplePage}: ${preview.lines.map((l) => l.text).join(' ')}`
    : m.previewNotOnPage;
  return (
    <figure className={classes.preview}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={titleId}
        className={classes.previewPage}
        data-testid="watermark-preview"
      >
        <title id={titleId}>{`${m.previewLabel(index + 1)}. ${description}`}</title>
        <rect x={0} y={0} width={width} height={height} fill="#fff" />
        {bars.map((bar) => (
          <rect
            key={bar.y}
            x={57}
            y={bar.y}
            width={bar.w}
            height={bar.h}
            rx={2}
            fill={'chart' in bar ? '#eef2f6' : '#d9dee5'}
          />
        ))}
        {preview.visible && (
          <g data-testid="watermark-mark">
            <rect
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              fill="none"
              stroke="#5b6b80"
              strokeDasharray="6 4"
              strokeWidth={1}
            />
            <g transform={`rotate(${-preview.angle} ${preview.centerX} ${preview.centerY})`}>
              {preview.lines.map((line, i) => (
                <text
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
                  key={i}
                  x={line.x}
                  y={line.y}
                  textAnchor="middle"
                  fontFamily="Helvetica, Arial, sans-serif"
                  fontSize={preview.fontSize}
                  fill={preview.color}
                  fillOpacity={preview.opacity}
                >
                  {line.text}
                </text>
              ))}
            </g>
          </g>
        )}
      </svg>
      <figcaption className={classes.previewCaption}>
        {preview.visible ? `${m.preview}: page ${preview.pageNumber}` : m.previewNotOnPage}
      </figcaption>
    </figure>
  );
}
