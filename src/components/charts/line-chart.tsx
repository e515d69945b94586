import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "./charts.css";

// A thin wrapper over uPlot (≈ 21 KB gzipped, canvas, no dependencies): line charts with a numeric x
// axis and one or two y axes. It is only ever imported through React.lazy by the screens that draw a
// chart, so its code stays out of the first screen's bundle. The numbers a chart shows are always also
// in a table beside it; the canvas carries a text summary for screen readers.

export interface ChartSeries {
  label: string;
  values: readonly (number | null)[];
  color: string;
  dash?: number[];
  /** "right" puts the series on the second y axis. */
  axis?: "left" | "right";
}

export interface LineChartProps {
  /** Accessible name and visible caption. */
  title: string;
  /** What the chart shows, in words, for screen readers. */
  summary: string;
  x: readonly number[];
  xLabel: string;
  xFormat?: (value: number) => string;
  yLabel: string;
  yFormat?: (value: number) => string;
  y2Label?: string;
  y2Format?: (value: number) => string;
  series: readonly ChartSeries[];
  height?: number;
}

const AXIS = { stroke: "#59636e", grid: { stroke: "#e7e3de", width: 1 }, ticks: { stroke: "#d8d4cf" } };

function options(p: LineChartProps, width: number): uPlot.Options {
  const hasRight = p.series.some((s) => s.axis === "right");
  const fmt = (f?: (v: number) => string) => (f ? (_: uPlot, values: number[]) => values.map(f) : undefined);
  return {
    width,
    height: p.height ?? 260,
    scales: { x: { time: false }, y: {}, ...(hasRight ? { y2: {} } : {}) },
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false } },
    series: [
      { label: p.xLabel, value: (_u, v) => (v == null ? "" : (p.xFormat?.(v) ?? String(v))) },
      ...p.series.map(
        (s): uPlot.Series => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          dash: s.dash,
          scale: s.axis === "right" ? "y2" : "y",
          points: { show: p.x.length <= 40, size: 5 },
          value: (_u, v) => {
            if (v == null) return "";
            const f = s.axis === "right" ? p.y2Format : p.yFormat;
            return f ? f(v) : String(v);
          },
        }),
      ),
    ],
    axes: [
      { ...AXIS, label: p.xLabel, values: fmt(p.xFormat) },
      { ...AXIS, label: p.yLabel, values: fmt(p.yFormat), size: 64 },
      ...(hasRight
        ? [
            {
              ...AXIS,
              scale: "y2",
              side: 1 as const,
              label: p.y2Label,
              values: fmt(p.y2Format),
              size: 64,
              grid: { show: false },
            },
          ]
        : []),
    ],
  };
}

export default function LineChart(props: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const data: uPlot.AlignedData = [
    Float64Array.from(props.x),
    ...props.series.map((s) => s.values.map((v) => (v === null ? null : v)) as (number | null)[]),
  ];

  // Rebuild on a change of shape (series, labels); otherwise only the data changes.
  const shape = JSON.stringify([
    props.series.map((s) => [s.label, s.color, s.axis]),
    props.xLabel,
    props.yLabel,
    props.y2Label,
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the shape changes, data set below
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const made = new uPlot(options(props, Math.max(200, el.clientWidth)), data, el);
    chart.current = made;
    const observer = new ResizeObserver(() => {
      made.setSize({ width: Math.max(200, el.clientWidth), height: props.height ?? 260 });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      made.destroy();
      chart.current = null;
    };
  }, [shape]);

  useEffect(() => {
    chart.current?.setData(data);
  });

  return (
    <figure className="line-chart">
      <figcaption className="line-chart__title">{props.title}</figcaption>
      <div
        ref={box}
        className="line-chart__canvas"
        role="img"
        aria-label={`${props.title}. ${props.summary}`}
      />
    </figure>
  );
}
