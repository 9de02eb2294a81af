// A chart's first drawing, rendered with the page: its bars or lines, value axis and bucket labels as an
// SVG in the chart's own box, shown until Chart.js has drawn the interactive chart in its place (and with
// scripts off). The geometry is src/lib/dashboard/chart-sketch.ts; the look follows chart-defaults.ts.
import type { CSSProperties } from 'react';
import { chartSketch, SKETCH_UNITS, type SketchInput } from '../../lib/dashboard/chart-sketch';
import { formatCompact } from '../../lib/formats/stat-format';
import { seriesMark } from '../shared/chart-drawn';
import { seriesStyle } from '../shared/series-style';
/**
 * Room for the labels, as Chart.js leaves it: about 8 px per character of 12 px text, plus 13 px of
 * padding and tick mark beside the value labels, and half the last bucket label past a line's end.
 * An estimate (the canvas measures its text): the box itself never moves.
 */
const CHARACTER_PX = 8;
const AXIS_GAP_PX = 13;
const EDGE_PX = 4;

const percent = (units: number) => `${(units / SKETCH_UNITS) * 100}%`;

interface Props extends SketchInput {
  /** What the chart shows, as the interactive chart says it. */
  description: string;
}

export default function ChartSketch({ description, ...input }: Props) {
  const sketch = chartSketch(input);
  const values = sketch.valueTicks.map((tick) => ({ ...tick, label: formatCompact(tick.value) }));
  const axis = Math.max(...values.map((v) => v.label.length), 1) * CHARACTER_PX + AXIS_GAP_PX;
  const last = sketch.bucketTicks.at(-1);
  const right = last?.at === SKETCH_UNITS && input.kind === 'line' ? Math.ceil((last.value.length * CHARACTER_PX) / 2) : EDGE_PX;
  const room = { '--sketch-axis': `${axis}px`, '--sketch-right': `${right}px` } as CSSProperties;
  return (
    // data-series: a chart still to come (no canvas has drawn it; chart-drawn.ts).
    <div
      className="chart-box chart-sketch"
      role="img"
      aria-label={description}
      style={room}
      data-series={seriesMark(input.labels, input.series)}
    >
      <div className="sketch-values">
        {values.map((tick) => (
          <span key={tick.value} style={{ top: percent(tick.at) }}>
            {tick.label}
          </span>
        ))}
      </div>
      <svg
        className="sketch-plot"
        viewBox={`0 0 ${SKETCH_UNITS} ${SKETCH_UNITS}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {/* The grid in the theme's colour (--chart-grid, dashboard.css), as the chart draws it. */}
        <path
          className="sketch-grid"
          d={sketch.valueTicks.map((tick) => `M0 ${tick.at}H${SKETCH_UNITS}`).join('')}
          vectorEffect="non-scaling-stroke"
        />
        {/* The series' colours as attributes, and for the dark theme as properties (seriesStyle). */}
        {sketch.bars.map((bar) => (
          <path key={bar.colour} className="sketch-bar" d={bar.path} fill={bar.colour} style={seriesStyle(bar.colour)} />
        ))}
        {sketch.lines.map((line, index) => (
          <g
            key={index}
            className="sketch-line"
            stroke={line.colour}
            fill="none"
            vectorEffect="non-scaling-stroke"
            style={seriesStyle(line.colour)}
          >
            <polyline points={line.points.join(' ')} strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
            {/* Round caps on empty segments: dots that stay round however the plot is stretched. */}
            {line.dots && (
              <path
                d={line.points.map(([x, y]) => `M${x} ${y}h0`).join('')}
                strokeWidth={4}
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            )}
          </g>
        ))}
      </svg>
      <div className="sketch-buckets">
        {sketch.bucketTicks.map((tick) => (
          <span key={tick.at} style={{ left: percent(tick.at) }}>
            {tick.value}
          </span>
        ))}
      </div>
    </div>
  );
}
