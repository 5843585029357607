// A server-rendered line chart (counts or rates over time): each series with its own dash and
// point marker besides its colour, its name written at the end of its line, a legend, and the
// visible data table that is its text alternative. No chart JavaScript in the browser.
//
//   <LineChart id="cases-over-time" title="Cases received per school year"
//     categories={['2023-2024', '2024-2025']} series={[{ key: 'sc', label: 'State complaints', values: [9, 12] }]}
//     categoryLabel="School year" />
import type { ReactElement } from 'react';
import { chartText } from '../../../lib/shared/messages.js';
import {
  categoryBands,
  CHART,
  defaultFormat,
  extent,
  fitLabel,
  pick,
  SERIES_COLOURS,
  SERIES_DASHES,
  SERIES_MARKERS,
  valueAxis,
  type ChartData,
  type ChartSeries,
  type MarkerKind,
} from './chart-model.js';
import { ChartFrame, ChartSvg, ChartTable, Legend, ValueGrid } from './ChartParts.js';

export interface LineChartProps {
  id: string;
  title: string;
  description?: string;
  categories: readonly string[];
  series: readonly ChartSeries[];
  categoryLabel: string;
  valueLabel?: string;
  format?: (n: number) => string;
  domain?: readonly [number, number];
  headingLevel?: 2 | 3 | 4;
  table?: 'visible' | 'collapsed';
}

function Marker({ kind, x, y, colour }: { kind: MarkerKind; x: number; y: number; colour: string }): ReactElement {
  const common = { fill: '#fff', stroke: colour, strokeWidth: 2 };
  switch (kind) {
    case 'square':
      return <rect x={x - 4} y={y - 4} width="8" height="8" {...common} />;
    case 'triangle':
      return <path d={`M${x},${y - 5} L${x + 5},${y + 4} L${x - 5},${y + 4} Z`} {...common} />;
    case 'diamond':
      return <path d={`M${x},${y - 5} L${x + 5},${y} L${x},${y + 5} L${x - 5},${y} Z`} {...common} />;
    default:
      return <circle cx={x} cy={y} r="4" {...common} />;
  }
}

/** The path of a series; a null value breaks the line (no data is not zero). */
function linePath(points: readonly ({ x: number; y: number } | null)[]): string {
  let d = '';
  let drawing = false;
  for (const p of points) {
    if (!p) {
      drawing = false;
      continue;
    }
    d += `${drawing ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)} `;
    drawing = true;
  }
  return d.trim();
}

export function LineChart(props: LineChartProps): ReactElement {
  const { id, title, categories, series, categoryLabel, valueLabel, headingLevel, domain } = props;
  const format = props.format ?? defaultFormat;
  const data: ChartData = { categories, series };
  const description = props.description ?? chartText.lineDescription(categories.length, series.length);

  if (categories.length === 0 || series.length === 0) {
    return (
      <ChartFrame chartId={id} title={title} headingLevel={headingLevel}>
        <p className="chart__empty">{chartText.noData}</p>
      </ChartFrame>
    );
  }

  const allValues = series.flatMap((s) => s.values);
  const [min, max] = extent(allValues);
  const axis = valueAxis(min, max, format, { domain, integer: allValues.every((v) => v === null || Number.isInteger(v)) });
  // Points sit in the middle of equal bands, so one category is centred, not on the axis.
  const bands = categoryBands(categories, 0);
  const xOf = (c: number) => bands.x(c) + bands.width / 2;
  const paths = series.map((s) => s.values.map((v, c) => (v === null || v === undefined ? null : { x: xOf(c), y: axis.y(v) })));

  return (
    <ChartFrame chartId={id} title={title} headingLevel={headingLevel}>
      <ChartSvg chartId={id} title={title} description={description}>
        <ValueGrid axis={axis} label={valueLabel} />
        <g className="chart__lines">
          {series.map((s, i) => {
            const colour = pick(SERIES_COLOURS, i);
            const points = paths[i]!;
            const last = [...points].reverse().find((p) => p !== null);
            return (
              <g key={s.key}>
                <path d={linePath(points)} fill="none" stroke={colour} strokeWidth="2.5" strokeDasharray={pick(SERIES_DASHES, i) || undefined} />
                {points.map((p, c) =>
                  p ? (
                    <g key={c}>
                      <Marker kind={pick(SERIES_MARKERS, i)} x={p.x} y={p.y} colour={colour} />
                      <title>{`${categories[c]}, ${s.label}: ${format(s.values[c]!)}`}</title>
                    </g>
                  ) : null,
                )}
                {/* Direct label: the series' last value at the end of its line. */}
                {last ? (
                  <text x={last.x} y={last.y - 9} textAnchor="middle" fontSize="11" fill="#1b1b1b" stroke="#fff" strokeWidth="3" paintOrder="stroke" aria-hidden="true">
                    {format(s.values[points.lastIndexOf(last)]!)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </g>
        <g className="chart__categories" aria-hidden="true">
          {categories.map((category, c) => (
            <text key={c} x={xOf(c)} y={CHART.height - CHART.bottom + 16} textAnchor="middle" fontSize="12" fill="#1b1b1b">
              {fitLabel(category, bands.step)}
            </text>
          ))}
        </g>
      </ChartSvg>
      <Legend
        chartId={id}
        data={data}
        swatch={(i) => (
          <>
            <path d="M1,7 H27" stroke={pick(SERIES_COLOURS, i)} strokeWidth="2.5" strokeDasharray={pick(SERIES_DASHES, i) || undefined} />
            <Marker kind={pick(SERIES_MARKERS, i)} x={14} y={7} colour={pick(SERIES_COLOURS, i)} />
          </>
        )}
      />
      <ChartTable chartId={id} title={title} data={data} categoryLabel={categoryLabel} format={format} display={props.table ?? 'visible'} />
    </ChartFrame>
  );
}
