// Bar chart with an optional line overlay and a legend. ApexCharts is loaded on first use.
import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';

export interface BarChartProps {
  categories: string[];
  bars: { name: string; data: number[] }[];
  line?: { name: string; data: number[] };
  height?: number;
  title?: string;
  /** Optional series colours, bars first then the line (e.g. orange, blue, black). */
  colors?: string[];
  /** Optional y-axis maximum. */
  yMax?: number;
}

const Chart = lazy(() => import('react-apexcharts'));

/** Pure: the ApexCharts series and options for the props (tested without a browser). */
export function chartConfig({ categories, bars, line, title, colors, yMax }: BarChartProps) {
  const series = [
    ...bars.map((b) => ({ name: b.name, type: 'column', data: b.data })),
    ...(line ? [{ name: line.name, type: 'line', data: line.data }] : []),
  ];
  const options = {
    chart: { type: 'line' as const, toolbar: { show: false } },
    title: title ? { text: title } : undefined,
    xaxis: { categories },
    stroke: { width: [...bars.map(() => 0), ...(line ? [3] : [])] },
    legend: { show: true, position: 'bottom' as const },
    dataLabels: { enabled: false },
    ...(colors ? { colors } : {}),
    ...(yMax !== undefined ? { yaxis: { min: 0, max: yMax } } : {}),
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
