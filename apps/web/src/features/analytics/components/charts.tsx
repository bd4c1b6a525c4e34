import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { valueAxisWidth } from "../format";

/**
 * Charts of the analytics pages (issue 12 §5), in their own lazily loaded chunk (recharts).
 * Every chart is followed by the same figures as a table for screen readers.
 */

export interface Series {
  key: string;
  label: string;
  color: string;
}

interface ChartProps {
  /** What the chart shows (the table's caption and the figure's label). */
  caption: string;
  data: Array<Record<string, string | number>>;
  xKey: string;
  /** Formats an x value (a date) for axis, tooltip and table. */
  formatX: (value: string) => string;
  series: Series[];
  /** Formats a value of a series for tooltip and table. */
  formatValue: (value: number, key: string) => string;
  /** Formats the value axis' ticks (default: formatValue of the first series), e.g. compact money. */
  formatAxis?: (value: number) => string;
  kind?: "line" | "bar";
  testId?: string;
}

/** A line or bar chart over dates, with a screen-reader table of the same figures. */
export function SeriesChart({
  caption,
  data,
  xKey,
  formatX,
  series,
  formatValue,
  formatAxis,
  kind = "line",
  testId,
}: ChartProps) {
  const Chart = kind === "bar" ? BarChart : LineChart;
  const axisLabel = formatAxis ?? ((v: number) => formatValue(v, series[0]?.key ?? ""));
  // Wide enough for the largest tick (the axis rounds the maximum up, ~20 %): never clipped.
  const largest = Math.max(0, ...data.flatMap((row) => series.map((s) => Number(row[s.key] ?? 0))));
  const axisWidth = valueAxisWidth([axisLabel(Math.ceil(largest * 1.25)), axisLabel(largest)]);
  return (
    <figure className="grid gap-2" data-testid={testId}>
      <div className="h-64 w-full min-w-0" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <Chart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
            <XAxis dataKey={xKey} tickFormatter={formatX} tick={{ fontSize: 11 }} minTickGap={16} />
            <YAxis
              tick={{ fontSize: 11 }}
              width={axisWidth}
              allowDecimals={false}
              tickFormatter={(v: number) => axisLabel(v)}
            />
            <Tooltip
              labelFormatter={(v) => formatX(String(v))}
              formatter={(v, name) => {
                const s = series.find((x) => x.label === name || x.key === name);
                return [formatValue(Number(v), s?.key ?? String(name)), s?.label ?? String(name)];
              }}
            />
            {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
            {series.map((s) =>
              kind === "bar" ? (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={s.label}
                  fill={s.color}
                  radius={[3, 3, 0, 0]}
                  isAnimationActive={false}
                />
              ) : (
                <Line
                  key={s.key}
                  dataKey={s.key}
                  name={s.label}
                  stroke={s.color}
                  strokeWidth={2}
                  dot={data.length <= 31 ? { r: 2 } : false}
                  type="monotone"
                  isAnimationActive={false}
                />
              ),
            )}
          </Chart>
        </ResponsiveContainer>
      </div>
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{xKey}</th>
              {series.map((s) => (
                <th scope="col" key={s.key}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={String(row[xKey])}>
                <th scope="row">{formatX(String(row[xKey]))}</th>
                {series.map((s) => (
                  <td key={s.key}>{formatValue(Number(row[s.key] ?? 0), s.key)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/**
 * A weekday × hour heatmap (cells shaded by seconds), with a screen-reader table.
 * @param cells weekday 1 (Monday) … 7 (Sunday), hour 0–23, seconds.
 */
export function Heatmap({
  caption,
  cells,
  weekdays,
  formatSeconds,
  testId,
}: {
  caption: string;
  cells: Array<{ weekday: number; hour: number; seconds: number }>;
  /** Short weekday names, Monday first. */
  weekdays: string[];
  formatSeconds: (seconds: number) => string;
  testId?: string;
}) {
  const value = new Map(cells.map((c) => [`${c.weekday}-${c.hour}`, c.seconds]));
  const max = Math.max(1, ...cells.map((c) => c.seconds));
  const hours = Array.from({ length: 24 }, (_, h) => h);
  return (
    <figure className="grid gap-2" data-testid={testId}>
      <div className="overflow-x-auto" aria-hidden>
        <div
          className="grid min-w-[20rem] gap-[2px] text-[10px] text-muted-foreground"
          style={{ gridTemplateColumns: "2.5rem repeat(24, minmax(0, 1fr))" }}
        >
          <span />
          {hours.map((h) => (
            <span key={h} className="text-center">
              {h % 3 === 0 ? h : ""}
            </span>
          ))}
          {weekdays.map((name, i) => (
            <Row
              key={name}
              name={name}
              weekday={i + 1}
              hours={hours}
              value={value}
              max={max}
              format={formatSeconds}
            />
          ))}
        </div>
      </div>
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <tbody>
            {cells.map((c) => (
              <tr key={`${c.weekday}-${c.hour}`}>
                <th scope="row">{`${weekdays[c.weekday - 1]} ${String(c.hour).padStart(2, "0")}:00`}</th>
                <td>{formatSeconds(c.seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function Row({
  name,
  weekday,
  hours,
  value,
  max,
  format,
}: {
  name: string;
  weekday: number;
  hours: number[];
  value: Map<string, number>;
  max: number;
  format: (s: number) => string;
}) {
  return (
    <>
      <span className="truncate pr-1 leading-5">{name}</span>
      {hours.map((h) => {
        const seconds = value.get(`${weekday}-${h}`) ?? 0;
        const alpha = seconds === 0 ? 0 : 0.15 + 0.85 * (seconds / max);
        return (
          <span
            key={h}
            title={`${name} ${String(h).padStart(2, "0")}:00 · ${format(seconds)}`}
            className="h-5 rounded-sm bg-muted"
            style={seconds > 0 ? { backgroundColor: `rgba(13, 148, 136, ${alpha.toFixed(2)})` } : undefined}
          />
        );
      })}
    </>
  );
}
