// Bar chart with an optional line overlay and a legend. ApexCharts is loaded on first use.
import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';

export interface BarChartProps {
  categories: string[];
  bars: { name: string; data: number[] }[];
  /** A point may be null: no value that day (a gap in the line, not a zero). */
  line?: { name: string; data: (number | null)[] };
  height?: number;
  title?: string;
  /** Optional series colours, bars first then the line (e.g. orange, blue, black). */
  colors?: string[];
  /** Optional y-axis maximum. */
  yMax?: number;
  /** When set, the line gets its own right-hand axis from 0 to this (e.g. 100 for a percentage). */
  lineMax?: number;
  /** Optional title of the bars' (left) axis, e.g. "Earnings ($)" when the line has an axis of its own. */
  yTitle?: string;
  /** Axis labels without decimals (counts and whole percentages). */
  wholeNumbers?: boolean;
}

const Chart = lazy(() => import('react-apexcharts'));

/** Ticks that split 0..max into whole steps (4 to 10 of them), or undefined when max has no such divisor. */
export function wholeTickAmount(max: number): number | undefined {
  for (let t = 10; t >= 4; t--) if (Number.isInteger(max / t)) return t;
  return undefined;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A label as HTML text. ApexCharts writes the tooltip's title and series names and the legend's names as HTML
 *  (innerHTML): a name a user typed (a project, site, provider or surveyor in the dispositions chart) must show
 *  as the text it is, never be parsed as markup. The axis labels are SVG text and need nothing. */
export function htmlText(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Pure: the ApexCharts series and options for the props (tested without a browser). */
export function chartConfig({ categories, bars, line, title, colors, yMax, lineMax, yTitle, wholeNumbers }: BarChartProps) {
  const series = [
    ...bars.map((b) => ({ name: b.name, type: 'column', data: b.data })),
    ...(line ? [{ name: line.name, type: 'line', data: line.data }] : []),
  ];
  // one axis per series when the line has its own: the bars share the left one, the line is on the right
  // whole-number labels, on ticks that fall on whole numbers where the maximum allows (0, 10, 20… of 100)
  const whole = (max?: number) => {
    const ticks = wholeNumbers && max !== undefined ? wholeTickAmount(max) : undefined;
    return wholeNumbers ? { decimalsInFloat: 0, ...(ticks ? { tickAmount: ticks } : {}) } : {};
  };
  const yaxis = line && lineMax !== undefined
    ? [
        ...bars.map((_, i) => ({ seriesName: bars[0].name, show: i === 0, min: 0, ...(yMax !== undefined ? { max: yMax } : {}),
          ...(yTitle && i === 0 ? { title: { text: yTitle } } : {}), ...whole(yMax) })),
        { seriesName: line.name, opposite: true, min: 0, max: lineMax, title: { text: line.name }, ...whole(lineMax) },
      ]
    : yMax !== undefined ? { min: 0, max: yMax, ...whole(yMax) } : wholeNumbers ? whole() : undefined;
  const options = {
    chart: { type: 'line' as const, toolbar: { show: false } },
    // an empty title rather than none: an update without a title keeps the one ApexCharts drew before (a
    // "Loading…" caption stayed over the chart once its figures had come)
    title: { text: title ?? '' },
    xaxis: { categories },
    stroke: { width: [...bars.map(() => 0), ...(line ? [3] : [])] },
    // one row in series order: ApexCharts otherwise stacks the series of each y-axis in a column of their own
    // ("Attempts" over "Surveys", the line's name beside them)
    legend: { show: true, position: 'bottom' as const, clusterGroupedSeries: false, formatter: (name: string) => htmlText(name) },
    // the tooltip's title is the group's own category (ApexCharts hands the formatter a number on this axis)
    tooltip: {
      x: { formatter: (value: unknown, opts?: { dataPointIndex?: number }) => htmlText(categories[opts?.dataPointIndex ?? -1] ?? value) },
      y: { title: { formatter: (name: string) => htmlText(name) } },
    },
    dataLabels: { enabled: false },
    ...(colors ? { colors } : {}),
    // absent rather than undefined: an update whose options say `yaxis: undefined` makes ApexCharts throw in
    // revertDefaultAxisMinMax and hang the page (seen when Project Details re-rendered on a lock toggle)
    ...(yaxis ? { yaxis } : {}),
  };
  return { series, options };
}

export function BarChart(props: BarChartProps) {
  const { series, options } = chartConfig(props);
  const height = props.height ?? 320;
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={height} />}>
      <Chart type="line" series={series} options={options} height={height} />
    </Suspense>
  );
}
