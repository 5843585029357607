// What the charts draw, and the arithmetic behind it: the value axis (a d3-scale linear scale
// with "nice" ticks), the category bands, and the fill pattern, colour and line dash of each
// series. Colours are never the only difference between series (WCAG 1.4.1): each series also has
// its own pattern (bars) or dash and marker (lines), and a legend names them.
import { scaleBand, scaleLinear } from 'd3-scale';

export interface ChartSeries {
  /** Stable key, used in element ids. */
  key: string;
  label: string;
  /** One value per category, in the categories' order; null for "no data". */
  values: readonly (number | null)[];
}

export interface ChartData {
  /** The categories along the horizontal axis (LEAs, school years, months...). */
  categories: readonly string[];
  series: readonly ChartSeries[];
}

/** Drawing area of every chart, in SVG user units; the SVG scales to its container. */
export const CHART = { width: 640, height: 320, top: 24, right: 16, bottom: 56, left: 56 } as const;

/**
 * Series colours (USWDS palette), each at least 3:1 against white (WCAG 1.4.11), in an order
 * where neighbours differ in lightness too.
 */
export const SERIES_COLOURS = ['#005ea2', '#c05600', '#4d8055', '#6b4e9b', '#565c65', '#b50909'] as const;

export type PatternKind = 'solid' | 'diagonal' | 'dots' | 'horizontal' | 'crosshatch' | 'vertical';
export const SERIES_PATTERNS: readonly PatternKind[] = ['solid', 'diagonal', 'dots', 'horizontal', 'crosshatch', 'vertical'];
/** Line dashes (stroke-dasharray) and point markers of the line chart's series. */
export const SERIES_DASHES = ['', '8 4', '2 3', '12 4 2 4', '4 4', '1 6'] as const;
export type MarkerKind = 'circle' | 'square' | 'triangle' | 'diamond';
export const SERIES_MARKERS: readonly MarkerKind[] = ['circle', 'square', 'triangle', 'diamond'];

export const pick = <T,>(list: readonly T[], i: number): T => list[i % list.length]!;

/** Element ids scoped to one chart, so two charts on a page never share a pattern or title. */
export const chartIds = (id: string) => ({
  title: `${id}-title`,
  desc: `${id}-desc`,
  table: `${id}-table`,
  pattern: (i: number) => `${id}-pattern-${i}`,
});

export interface ValueAxis {
  /** Value → y coordinate. */
  y: (value: number) => number;
  ticks: { value: number; y: number; label: string }[];
  /** y of the zero line (the bars' base). */
  zeroY: number;
}

/** The value axis over [min, max] (0 always included), nice-rounded, with about five ticks. */
export function valueAxis(
  min: number,
  max: number,
  format: (n: number) => string,
  options: { domain?: readonly [number, number] | undefined; integer?: boolean } = {},
): ValueAxis {
  const { domain, integer = false } = options;
  const lo = domain ? domain[0] : Math.min(0, min);
  let hi = domain ? domain[1] : Math.max(0, max);
  // An all-zero chart still needs a scale with height.
  if (hi === lo) hi = lo + 1;
  const scale = scaleLinear()
    .domain([lo, hi])
    .range([CHART.height - CHART.bottom, CHART.top]);
  if (!domain) scale.nice(5);
  // Counts never have fractional ticks.
  const ticks = scale.ticks(5).filter((t) => !integer || Number.isInteger(t));
  const y = (v: number) => scale(v);
  return { y, ticks: ticks.map((value) => ({ value, y: y(value), label: format(value) })), zeroY: y(Math.max(lo, Math.min(0, hi))) };
}

/** Category bands across the drawing area: x of each band's start and its width. */
export function categoryBands(categories: readonly string[], padding = 0.2) {
  const band = scaleBand<string>()
    .domain(categories.map((_, i) => String(i)))
    .range([CHART.left, CHART.width - CHART.right])
    .paddingInner(padding)
    .paddingOuter(padding / 2);
  return { x: (i: number) => band(String(i)) ?? CHART.left, width: band.bandwidth(), step: band.step() };
}

/** The finite values of a chart, for its scale. */
export function extent(values: Iterable<number | null>): [number, number] {
  let min = 0;
  let max = 0;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return [min, max];
}

/** Per category, the sum of the series' values (stacked bars and their Total column). */
export function categoryTotals(data: ChartData): number[] {
  return data.categories.map((_, c) => data.series.reduce((sum, s) => sum + (s.values[c] ?? 0), 0));
}

/** A label that fits under a band: shortened with an ellipsis (the table has it in full). */
export function fitLabel(label: string, bandWidth: number, charWidth = 6.5): string {
  const max = Math.max(3, Math.floor(bandWidth / charWidth));
  return label.length <= max ? label : `${label.slice(0, max - 1)}…`;
}

export const defaultFormat = (n: number): string => n.toLocaleString('en-US');
