// A server-rendered bar chart (MODULES.md "Reports and dashboards"): one series as plain bars,
// several as grouped or stacked bars. No JavaScript reaches the browser: the SVG is drawn here,
// with d3-scale's ticks, a pattern per series (never colour alone), the value written on each bar
// where it fits, a legend, and the visible data table that is its text alternative.
//
//   <BarChart id="cases-by-type" title="Open cases by type" categories={['SC', 'MED']}
//     series={[{ key: 'open', label: 'Open', values: [6, 4] }]} categoryLabel="Type" />
import type { ReactElement } from 'react';
import { chartText } from '../../../lib/shared/messages.js';
import {
  categoryBands,
  categoryTotals,
  CHART,
  chartIds,
  defaultFormat,
  extent,
  fitLabel,
  pick,
  SERIES_COLOURS,
  valueAxis,
  type ChartData,
  type ChartSeries,
} from './chart-model.js';
import { ChartFrame, ChartSvg, ChartTable, Legend, SeriesPatterns, ValueGrid } from './ChartParts.js';

export interface BarChartProps {
  /** Unique on the page: ids of the title, description, patterns and table derive from it. */
  id: string;
  /** The chart's accessible name, shown as its caption. */
  title: string;
  /** What the chart shows, for screen readers (by default a summary of its shape). */
  description?: string;
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** 'grouped' (default) puts the series side by side; 'stacked' on top of each other, with a Total column. */
  layout?: 'grouped' | 'stacked';
  /** The first column's header in the data table (e.g. 'School year'). */
  categoryLabel: string;
  /** The value axis label (e.g. 'Cases'). */
  valueLabel?: string;
  format?: (n: number) => string;
  /** A fixed value axis (percentages: [0, 100]). */
  domain?: readonly [number, number];
  headingLevel?: 2 | 3 | 4;
  table?: 'visible' | 'collapsed';
}

interface Bar {
  key: string;
  x: number;
  y: number;
  width: number;
  height: number;
  series: number;
  value: number;
  label: string;
}

export function BarChart(props: BarChartProps): ReactElement {
  const { id, title, categories, series, categoryLabel, valueLabel, headingLevel, domain } = props;
  const layout = props.layout ?? 'grouped';
  const stacked = layout === 'stacked' && series.length > 1;
  const format = props.format ?? defaultFormat;
  const data: ChartData = { categories, series };
  const totals = stacked ? categoryTotals(data) : undefined;
  const description = props.description ?? chartText.barDescription(categories.length, series.length, stacked);
  const tableDisplay = props.table ?? 'visible';

  if (categories.length === 0 || series.length === 0) {
    return (
      <ChartFrame chartId={id} title={title} headingLevel={headingLevel}>
        <p className="chart__empty">{chartText.noData}</p>
      </ChartFrame>
    );
  }

  const allValues = series.flatMap((s) => s.values);
  const [min, max] = stacked ? extent(totals ?? []) : extent(allValues);
  const integer = allValues.every((v) => v === null || Number.isInteger(v));
  const axis = valueAxis(min, max, format, { domain, integer });
  const bands = categoryBands(categories);
  const bars: Bar[] = [];
  categories.forEach((category, c) => {
    if (stacked) {
      // Positive values stack upward from zero (stacked counts are never negative).
      let base = 0;
      series.forEach((s, i) => {
        const v = s.values[c];
        if (v === null || v === undefined || v <= 0) return;
        const top = axis.y(base + v);
        bars.push({ key: `${c}-${i}`, x: bands.x(c), y: top, width: bands.width, height: axis.y(base) - top, series: i, value: v, label: `${category}, ${s.label}: ${format(v)}` });
        base += v;
      });
    } else {
      const width = bands.width / series.length;
      series.forEach((s, i) => {
        const v = s.values[c];
        if (v === null || v === undefined) return;
        const y = Math.min(axis.y(v), axis.zeroY);
        const label = series.length > 1 ? `${category}, ${s.label}: ${format(v)}` : `${category}: ${format(v)}`;
        bars.push({ key: `${c}-${i}`, x: bands.x(c) + i * width, y, width, height: Math.abs(axis.y(v) - axis.zeroY), series: i, value: v, label });
      });
    }
  });
  const ids = chartIds(id);

  return (
    <ChartFrame chartId={id} title={title} headingLevel={headingLevel}>
      <ChartSvg chartId={id} title={title} description={description}>
        <SeriesPatterns chartId={id} count={series.length} />
        <ValueGrid axis={axis} label={valueLabel} />
        <g className="chart__bars">
          {bars.map((b) => (
            <g key={b.key}>
              <rect x={b.x} y={b.y} width={Math.max(0, b.width - 1)} height={b.height} fill={`url(#${ids.pattern(b.series)})`} stroke="#1b1b1b" strokeWidth="0.75">
                <title>{b.label}</title>
              </rect>
              {/* Direct labels where they fit: inside a stacked segment, above a bar. */}
              {stacked ? (
                b.height >= 16 && b.width >= 24 ? (
                  <text x={b.x + b.width / 2} y={b.y + b.height / 2} dy="0.32em" textAnchor="middle" fontSize="11" fill="#1b1b1b" stroke="#fff" strokeWidth="3" paintOrder="stroke" aria-hidden="true">
                    {format(b.value)}
                  </text>
                ) : null
              ) : b.width >= 14 ? (
                <text x={b.x + b.width / 2} y={b.value >= 0 ? b.y - 4 : b.y + b.height + 12} textAnchor="middle" fontSize="11" fill="#1b1b1b" aria-hidden="true">
                  {format(b.value)}
                </text>
              ) : null}
            </g>
          ))}
          {totals
            ? totals.map((t, c) => (
                <text key={c} x={bands.x(c) + bands.width / 2} y={axis.y(t) - 4} textAnchor="middle" fontSize="11" fontWeight="bold" fill="#1b1b1b" aria-hidden="true">
                  {format(t)}
                </text>
              ))
            : null}
        </g>
        <g className="chart__categories" aria-hidden="true">
          {categories.map((category, c) => (
            <text key={c} x={bands.x(c) + bands.width / 2} y={CHART.height - CHART.bottom + 16} textAnchor="middle" fontSize="12" fill="#1b1b1b">
              {fitLabel(category, bands.step)}
            </text>
          ))}
        </g>
      </ChartSvg>
      <Legend
        chartId={id}
        data={data}
        swatch={(i) => <rect x="1" y="1" width="26" height="12" fill={`url(#${ids.pattern(i)})`} stroke="#1b1b1b" strokeWidth="0.75" />}
      />
      <ChartTable chartId={id} title={title} data={data} categoryLabel={categoryLabel} format={format} totals={totals} display={tableDisplay} />
    </ChartFrame>
  );
}

/** The colour of a series, for a page that draws its own key beside a chart. */
export const seriesColour = (i: number): string => pick(SERIES_COLOURS, i);
