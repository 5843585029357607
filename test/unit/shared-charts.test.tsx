// The shared charts (views/components/charts) and the print header, rendered to static markup as
// the browser receives them: an SVG named by its title and description, series told apart by
// pattern (bars) or dash and marker (lines) and a legend, never colour alone, values written on
// the bars, and the visible data table with every number.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart, GroupedBarChart, LineChart, StackedBarChart } from '../../views/components/charts/index.js';
import { valueAxis } from '../../views/components/charts/chart-model.js';
import { ReportPrintHeader } from '../../views/components/ReportPrintHeader.js';
import { chartText, printText } from '../../lib/shared/messages.js';

/** Minimal DOM-free reading of the markup: the text of every element matching a tag. */
const texts = (html: string, tag: string): string[] =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim());
const tableRows = (html: string): string[][] => {
  const table = /<table[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => [...m[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => c[1]!));
};

describe('BarChart', () => {
  const html = renderToStaticMarkup(
    <BarChart
      id="open-cases"
      title="Open cases by type"
      categories={['State complaints', 'Mediation', 'Due process']}
      series={[{ key: 'open', label: 'Open', values: [6, 4, 5] }]}
      categoryLabel="Type"
      valueLabel="Cases"
    />,
  );

  it('is an image named by its title and described by its description', () => {
    expect(html).toMatch(/<svg [^>]*role="img"[^>]*aria-labelledby="open-cases-title open-cases-desc"/);
    expect(html).toContain('<title id="open-cases-title">Open cases by type</title>');
    expect(html).toContain(`<desc id="open-cases-desc">${chartText.barDescription(3, 1, false)}</desc>`);
    expect(texts(html, 'figcaption')).toEqual(['Open cases by type']);
  });

  it('draws one bar per value with its value written on it and in its tooltip', () => {
    expect(html.match(/<rect [^>]*fill="url\(#open-cases-pattern-0\)"[^>]*><title>/g)).toHaveLength(3);
    expect(html).toContain('<title>Mediation: 4</title>');
    expect(texts(html, 'text')).toEqual(expect.arrayContaining(['6', '4', '5', 'State complaints', 'Mediation', 'Due process', 'Cases']));
  });

  it('has ticks from d3-scale, whole numbers for counts', () => {
    const ticks = valueAxis(0, 6, String, { integer: true }).ticks.map((t) => t.value);
    expect(ticks).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(valueAxis(0, 3, String, { integer: true }).ticks.every((t) => Number.isInteger(t.value))).toBe(true);
    expect(valueAxis(0, 87, String, { domain: [0, 100] }).ticks.map((t) => t.value)).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it('has a visible data table with every value', () => {
    expect(html).not.toContain('<details');
    expect(texts(html, 'caption')).toEqual([chartText.tableCaption('Open cases by type')]);
    expect(tableRows(html)).toEqual([
      ['Type', 'Open'],
      ['State complaints', '6'],
      ['Mediation', '4'],
      ['Due process', '5'],
    ]);
  });

  it('has no legend for one series and no script at all', () => {
    expect(html).not.toContain('chart__legend');
    expect(html).not.toContain('<script');
  });
});

describe('grouped and stacked bars', () => {
  const series = [
    { key: 'received', label: 'Received', values: [12, 15] },
    { key: 'closed', label: 'Closed', values: [10, null] },
  ];

  it('grouped: a pattern per series, a legend naming them, and "No data" for a missing value', () => {
    const html = renderToStaticMarkup(<GroupedBarChart id="g" title="Cases" categories={['2023-2024', '2024-2025']} series={series} categoryLabel="School year" />);
    expect(html).toContain('<pattern id="g-pattern-0"');
    expect(html).toContain('<pattern id="g-pattern-1"');
    // The second series has white marks over its colour: told apart without colour.
    expect(/<pattern id="g-pattern-1"[\s\S]*?<\/pattern>/.exec(html)?.[0]).toMatch(/stroke="#fff"/);
    expect(texts(html, 'li')).toEqual(['Received', 'Closed']);
    expect(html.match(/<rect [^>]*fill="url\(#g-pattern-\d\)"[^>]*><title>/g)).toHaveLength(3);
    expect(html).toContain('<title>2023-2024, Closed: 10</title>');
    expect(tableRows(html)).toEqual([
      ['School year', 'Received', 'Closed'],
      ['2023-2024', '12', '10'],
      ['2024-2025', '15', chartText.noValue],
    ]);
  });

  it('stacked: segments on top of each other with the total above and a Total column', () => {
    const html = renderToStaticMarkup(
      <StackedBarChart id="s" title="Outcomes" categories={['A', 'B']} series={[{ key: 'x', label: 'X', values: [3, 1] }, { key: 'y', label: 'Y', values: [2, 0] }]} categoryLabel="LEA" />,
    );
    expect(html).toContain(`<desc id="s-desc">${chartText.barDescription(2, 2, true)}</desc>`);
    expect(tableRows(html)).toEqual([
      ['LEA', 'X', 'Y', chartText.total],
      ['A', '3', '2', '5'],
      ['B', '1', '0', '1'],
    ]);
    // Zero-height segments are not drawn: 3 of the 4 values are drawn.
    expect(html.match(/<rect [^>]*fill="url\(#s-pattern-\d\)"[^>]*><title>/g)).toHaveLength(3);
    expect(texts(html, 'text')).toEqual(expect.arrayContaining(['5', '1']));
  });

  it('says so when there is nothing to draw', () => {
    const html = renderToStaticMarkup(<BarChart id="e" title="Nothing" categories={[]} series={[]} categoryLabel="LEA" />);
    expect(html).toContain(chartText.noData);
    expect(html).not.toContain('<svg');
  });

  it('can put the table in a disclosure that needs no JavaScript', () => {
    const html = renderToStaticMarkup(<BarChart id="c" title="T" categories={['a']} series={[{ key: 'k', label: 'K', values: [1] }]} categoryLabel="C" table="collapsed" />);
    expect(html).toMatch(/<details class="chart__details"><summary>T: data<\/summary>/);
  });
});

describe('LineChart', () => {
  const html = renderToStaticMarkup(
    <LineChart
      id="trend"
      title="Percent of reports on time"
      categories={['2022-2023', '2023-2024', '2024-2025']}
      series={[
        { key: 'sc', label: 'State complaints', values: [80, null, 85.7] },
        { key: 'dp', label: 'Due process', values: [66.7, 75, 100] },
      ]}
      categoryLabel="School year"
      format={(n) => `${n.toFixed(1)}%`}
      domain={[0, 100]}
    />,
  );

  it('is named and described, with a dash and a marker per series in the legend', () => {
    expect(html).toContain('<title id="trend-title">Percent of reports on time</title>');
    expect(html).toContain(`<desc id="trend-desc">${chartText.lineDescription(3, 2)}</desc>`);
    expect(html).toContain('stroke-dasharray="8 4"');
    expect(texts(html, 'li')).toEqual(['State complaints', 'Due process']);
  });

  it('breaks a line at a missing value instead of drawing zero', () => {
    const paths = [...html.matchAll(/<path d="(M[^"]*)" fill="none"/g)].map((m) => m[1]!);
    expect(paths[0]!.match(/M/g)).toHaveLength(2);
    expect(paths[1]!.match(/M/g)).toHaveLength(1);
  });

  it('has the data table with the formatted values', () => {
    expect(tableRows(html)).toEqual([
      ['School year', 'State complaints', 'Due process'],
      ['2022-2023', '80.0%', '66.7%'],
      ['2023-2024', chartText.noValue, '75.0%'],
      ['2024-2025', '85.7%', '100.0%'],
    ]);
  });
});

describe('ReportPrintHeader', () => {
  it('shows the report name, the filters and when it was generated, in Pacific time', () => {
    const html = renderToStaticMarkup(
      <ReportPrintHeader reportName="Summary report" filters={[{ label: 'School year', value: '2024-2025' }, { label: 'LEA', value: 'All' }]} generatedAt="2026-03-03T23:05:00Z" />,
    );
    expect(html).toContain('class="report-print-header print-only"');
    expect(texts(html, 'p')).toEqual(['Summary report']);
    expect(texts(html, 'dt')).toEqual([printText.filters, printText.generatedAt]);
    expect(texts(html, 'dd')).toEqual(['School year: 2024-2025; LEA: All', 'Tuesday, 3rd March 2026 3:05 PM']);
  });

  it('says None without filters', () => {
    const html = renderToStaticMarkup(<ReportPrintHeader reportName="R" filters={[]} generatedAt={new Date('2026-01-01T12:00:00Z')} />);
    expect(texts(html, 'dd')[0]).toBe(printText.noFilters);
  });
});
