// The parts every chart shares: the figure with its accessible name, the fill patterns, the
// value axis, the legend, and the visible data table that is the chart's text alternative
// (WCAG 1.1.1): every number in the picture is also in the table.
import type { ReactElement, ReactNode } from 'react';
import { chartText } from '../../../lib/shared/messages.js';
import { CHART, chartIds, pick, SERIES_COLOURS, SERIES_PATTERNS, type ChartData, type PatternKind, type ValueAxis } from './chart-model.js';

/** One <pattern> per series: its colour, overlaid with white marks unless solid. */
function Pattern({ id, kind, colour }: { id: string; kind: PatternKind; colour: string }): ReactElement {
  const marks: Record<PatternKind, ReactNode> = {
    solid: null,
    diagonal: <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" stroke="#fff" strokeWidth="1.5" />,
    dots: <circle cx="4" cy="4" r="1.6" fill="#fff" />,
    horizontal: <path d="M0,4 h8" stroke="#fff" strokeWidth="1.5" />,
    crosshatch: <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4 M-2,6 l4,4 M0,0 l8,8 M6,-2 l4,4" stroke="#fff" strokeWidth="1" />,
    vertical: <path d="M4,0 v8" stroke="#fff" strokeWidth="1.5" />,
  };
  return (
    <pattern id={id} width="8" height="8" patternUnits="userSpaceOnUse">
      <rect width="8" height="8" fill={colour} />
      {marks[kind]}
    </pattern>
  );
}

export function SeriesPatterns({ chartId, count }: { chartId: string; count: number }): ReactElement {
  const ids = chartIds(chartId);
  return (
    <defs>
      {Array.from({ length: count }, (_, i) => (
        <Pattern key={i} id={ids.pattern(i)} kind={pick(SERIES_PATTERNS, i)} colour={pick(SERIES_COLOURS, i)} />
      ))}
    </defs>
  );
}

/** Horizontal grid lines with their values, and the axis line at zero. */
export function ValueGrid({ axis, label }: { axis: ValueAxis; label?: string | undefined }): ReactElement {
  return (
    <g className="chart__axis" aria-hidden="true">
      {axis.ticks.map((t) => (
        <g key={t.value}>
          <line x1={CHART.left} x2={CHART.width - CHART.right} y1={t.y} y2={t.y} stroke="#dfe1e2" strokeWidth="1" />
          <text x={CHART.left - 6} y={t.y} dy="0.32em" textAnchor="end" fontSize="12" fill="#1b1b1b">
            {t.label}
          </text>
        </g>
      ))}
      <line x1={CHART.left} x2={CHART.width - CHART.right} y1={axis.zeroY} y2={axis.zeroY} stroke="#1b1b1b" strokeWidth="1" />
      {label ? (
        <text transform={`translate(14 ${(CHART.top + CHART.height - CHART.bottom) / 2}) rotate(-90)`} textAnchor="middle" fontSize="12" fill="#1b1b1b">
          {label}
        </text>
      ) : null}
    </g>
  );
}

/** The SVG of a chart: role img, named by its <title> and described by its <desc>. */
export function ChartSvg({ chartId, title, description, children }: { chartId: string; title: string; description: string; children: ReactNode }): ReactElement {
  const ids = chartIds(chartId);
  return (
    <svg
      className="chart__svg"
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      role="img"
      aria-labelledby={`${ids.title} ${ids.desc}`}
      xmlns="http://www.w3.org/2000/svg"
      fontFamily="Source Sans Pro Web, Helvetica Neue, Helvetica, Roboto, Arial, sans-serif"
    >
      <title id={ids.title}>{title}</title>
      <desc id={ids.desc}>{description}</desc>
      {children}
    </svg>
  );
}

/** A swatch per series: its pattern for bars, its dash and marker for lines. */
export function Legend({ chartId, data, swatch }: { chartId: string; data: ChartData; swatch: (i: number) => ReactElement }): ReactElement | null {
  if (data.series.length < 2) return null;
  return (
    <ul className="chart__legend usa-list usa-list--unstyled" aria-label={chartText.legend}>
      {data.series.map((s, i) => (
        <li key={s.key} className="chart__legend-item">
          <svg width="28" height="14" viewBox="0 0 28 14" aria-hidden="true" focusable="false">
            {swatch(i)}
          </svg>
          <span id={`${chartId}-series-${i}`}>{s.label}</span>
        </li>
      ))}
    </ul>
  );
}

export interface ChartTableProps {
  chartId: string;
  title: string;
  data: ChartData;
  categoryLabel: string;
  format: (n: number) => string;
  /** A Total column (stacked bars). */
  totals?: readonly number[] | undefined;
  /** 'collapsed': inside a <details> disclosure (still there without JavaScript). */
  display: 'visible' | 'collapsed';
}

/** The chart's data as a table: one row per category, one column per series. */
export function ChartTable({ chartId, title, data, categoryLabel, format, totals, display }: ChartTableProps): ReactElement {
  const cell = (v: number | null | undefined) => (v === null || v === undefined ? chartText.noValue : format(v));
  // Focusable, so a keyboard can scroll a wide table on a narrow screen (it has no links).
  const table = (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={chartText.tableCaption(title)}>
      <table className="usa-table usa-table--borderless usa-table--compact chart__table" id={chartIds(chartId).table}>
        <caption>{chartText.tableCaption(title)}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryLabel}</th>
            {data.series.map((s) => (
              <th key={s.key} scope="col" className="text-right">
                {s.label}
              </th>
            ))}
            {totals ? (
              <th scope="col" className="text-right">
                {chartText.total}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {data.categories.map((category, c) => (
            <tr key={`${c}-${category}`}>
              <th scope="row">{category}</th>
              {data.series.map((s) => (
                <td key={s.key} className="text-right">
                  {cell(s.values[c])}
                </td>
              ))}
              {totals ? <td className="text-right">{format(totals[c] ?? 0)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (display === 'visible') return table;
  return (
    <details className="chart__details">
      <summary>{chartText.tableCaption(title)}</summary>
      {table}
    </details>
  );
}

export interface ChartFrameProps {
  chartId: string;
  title: string;
  /** The heading level of the chart's title (default: a figcaption, no heading). */
  headingLevel?: 2 | 3 | 4 | undefined;
  children: ReactNode;
}

/** The figure around a chart and its table; its caption is the chart's title. */
export function ChartFrame({ chartId, title, headingLevel, children }: ChartFrameProps): ReactElement {
  const Heading = headingLevel ? (`h${headingLevel}` as const) : null;
  return (
    <figure className="chart" id={chartId} aria-labelledby={`${chartId}-caption`}>
      <figcaption id={`${chartId}-caption`} className="chart__caption">
        {Heading ? <Heading className="chart__heading">{title}</Heading> : title}
      </figcaption>
      {children}
    </figure>
  );
}
