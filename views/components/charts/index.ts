// Server-rendered SVG charts with a data table alternative (MODULES.md "Reports and dashboards").
// Import from here: BarChart (one series), GroupedBarChart / StackedBarChart (several), LineChart.
import type { ReactElement } from 'react';
import { createElement } from 'react';
import { BarChart, type BarChartProps } from './BarChart.js';

export { BarChart, seriesColour, type BarChartProps } from './BarChart.js';
export { LineChart, type LineChartProps } from './LineChart.js';
export type { ChartSeries, ChartData } from './chart-model.js';

/** Several series side by side in each category. */
export function GroupedBarChart(props: Omit<BarChartProps, 'layout'>): ReactElement {
  return createElement(BarChart, { ...props, layout: 'grouped' });
}

/** Several series stacked in each category, with a total on top and a Total column in the table. */
export function StackedBarChart(props: Omit<BarChartProps, 'layout'>): ReactElement {
  return createElement(BarChart, { ...props, layout: 'stacked' });
}
