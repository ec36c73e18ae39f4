// The app's charts: bar and donut charts drawn with plain elements and SVG, in the props of
// @mantine/charts that the screens use. recharts (what @mantine/charts draws with) weighed 132 KB
// gzip on the dashboard's first load; these draw the same figures in a few KB (issue 38 §3).
// Every bar and slice carries its name and value as a native tooltip (<title>) and an aria-label.
import { Box, Group, Stack, Text, getThemeColor, useMantineTheme } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

type Row = Record<string, string | number | undefined> & { color?: string };
type Series = { name: string; color: string };

export type BarChartProps = {
  h: number;
  data: Row[];
  dataKey: string;
  series: Series[];
  /** 'horizontal' (default): columns over the categories; 'vertical': one bar per row. */
  orientation?: 'horizontal' | 'vertical';
  valueFormatter?: (value: number) => string;
  /** The axis ticks' labels (default: valueFormatter), e.g. compact where space is short. */
  tickFormatter?: (value: number) => string;
  yAxisProps?: { width?: number };
  withLegend?: boolean;
};

const fmt = (f: BarChartProps['valueFormatter'], v: number) => (f ? f(v) : String(v));
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** A round scale top: 1, 2, 2.5 or 5 times a power of ten, at least the largest value. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 2.5, 5, 10].find((m) => m * p >= max) ?? 10) * p;
}

function Legend({ series, color }: { series: Series[]; color: (c: string) => string }) {
  return (
    <Group gap="md" justify="flex-end" mb={6}>
      {series.map((s) => (
        <Group key={s.name} gap={6}>
          <Box w={10} h={10} style={{ borderRadius: 2, background: color(s.color) }} />
          <Text size="xs">{s.name}</Text>
        </Group>
      ))}
    </Group>
  );
}

function Bar(props: { label: string; style: CSSProperties }) {
  return (
    <Box
      role="img"
      aria-label={props.label}
      title={props.label}
      style={{ borderRadius: 2, ...props.style }}
    />
  );
}

type Scale = {
  max: number;
  axis: number;
  legend: ReactNode;
  barColor: (r: Row, s: Series) => string;
};

/** orientation="vertical": one row per category, its bars running right. */
function RowBars({ props, scale }: { props: BarChartProps; scale: Scale }) {
  const { max, axis, legend, barColor } = scale;
  return (
    <Box h={props.h} data-chart="bar" style={{ overflow: 'hidden' }}>
      {legend}
      <Stack gap={4} justify="space-around" h="100%">
        {props.data.map((r) => (
          <Group key={String(r[props.dataKey])} gap="xs" wrap="nowrap">
            <Text
              size="xs"
              w={axis}
              ta="right"
              truncate="end"
              title={String(r[props.dataKey])}
              style={{ flexShrink: 0 }}
            >
              {r[props.dataKey]}
            </Text>
            <Stack gap={2} style={{ flex: 1 }}>
              {props.series.map((s) => (
                <Group key={s.name} gap={6} wrap="nowrap">
                  <Bar
                    label={`${r[props.dataKey]} · ${s.name}: ${fmt(props.valueFormatter, num(r[s.name]))}`}
                    style={{
                      height: 14,
                      width: `${(num(r[s.name]) / max) * 85}%`,
                      minWidth: 2,
                      background: barColor(r, s),
                    }}
                  />
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {fmt(props.valueFormatter, num(r[s.name]))}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Group>
        ))}
      </Stack>
    </Box>
  );
}

export function BarChart(props: BarChartProps) {
  const theme = useMantineTheme();
  const color = (c: string) => getThemeColor(c, theme);
  const scale: Scale = {
    max: niceMax(Math.max(0, ...props.data.flatMap((r) => props.series.map((s) => num(r[s.name]))))),
    axis: props.yAxisProps?.width ?? 60,
    barColor: (r, s) => color(r.color ?? s.color),
    legend: props.withLegend ? <Legend series={props.series} color={color} /> : null,
  };
  if (props.orientation === 'vertical') return <RowBars props={props} scale={scale} />;
  const { max, axis, legend, barColor } = scale;
  const ticks = [max, (max * 3) / 4, max / 2, max / 4, 0];
  return (
    <Stack h={props.h} gap={0} data-chart="bar">
      {legend}
      <Group gap={0} wrap="nowrap" align="stretch" style={{ flex: 1, minHeight: 0 }}>
        <Stack w={axis} gap={0} justify="space-between" pr={6} style={{ flexShrink: 0 }}>
          {ticks.map((t) => (
            <Text key={t} size="xs" c="dimmed" ta="right" lh={1}>
              {fmt(props.tickFormatter ?? props.valueFormatter, t)}
            </Text>
          ))}
        </Stack>
        <Group
          gap={4}
          wrap="nowrap"
          align="flex-end"
          style={{ flex: 1, borderBottom: '1px solid var(--mantine-color-gray-4)' }}
        >
          {props.data.map((r) => (
            <Group
              key={String(r[props.dataKey])}
              gap={2}
              wrap="nowrap"
              align="flex-end"
              h="100%"
              style={{ flex: 1 }}
              justify="center"
            >
              {props.series.map((s) => (
                <Bar
                  key={s.name}
                  label={`${r[props.dataKey]} · ${s.name}: ${fmt(props.valueFormatter, num(r[s.name]))}`}
                  style={{
                    flex: 1,
                    maxWidth: 36,
                    height: `${(num(r[s.name]) / max) * 100}%`,
                    background: barColor(r, s),
                  }}
                />
              ))}
            </Group>
          ))}
        </Group>
      </Group>
      <Group gap={4} wrap="nowrap" pl={axis}>
        {props.data.map((r) => (
          <Text
            key={String(r[props.dataKey])}
            size="xs"
            c="dimmed"
            ta="center"
            truncate="end"
            title={String(r[props.dataKey])}
            style={{ flex: 1, minWidth: 0 }}
          >
            {r[props.dataKey]}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}

export type DonutChartProps = {
  h: number;
  /** `label`: the value as shown (an amount); `value` sizes the slice. */
  data: { name: string; value: number; color: string; label?: string }[];
  /** A key beside the ring: each slice's name, value and share of the whole. */
  withLabels?: boolean;
};

const share = (value: number, total: number) => `${Math.round((Math.max(0, value) / total) * 100)}%`;

/** A ring of slices (SVG stroke arcs) with a key of names, values and shares. */
export function DonutChart(props: DonutChartProps) {
  const theme = useMantineTheme();
  const total = props.data.reduce((s, d) => s + Math.max(0, d.value), 0) || 1;
  const size = Math.min(props.h, 220);
  const r = 40;
  const c = 2 * Math.PI * r;
  const named = (d: DonutChartProps['data'][number]) =>
    `${d.name}: ${d.label ?? d.value} (${share(d.value, total)})`;
  let offset = 0;
  const slices: ReactNode[] = props.data.map((d) => {
    const len = (Math.max(0, d.value) / total) * c;
    const el = (
      <circle
        key={d.name}
        r={r}
        cx={50}
        cy={50}
        fill="none"
        stroke={getThemeColor(d.color, theme)}
        strokeWidth={16}
        strokeDasharray={`${len} ${c - len}`}
        strokeDashoffset={-offset}
        transform="rotate(-90 50 50)"
      >
        <title>{named(d)}</title>
      </circle>
    );
    offset += len;
    return el;
  });
  return (
    <Group h={props.h} gap="lg" justify="center" wrap="nowrap" data-chart="donut">
      <svg
        width={size}
        height={size}
        viewBox="0 0 100 100"
        role="img"
        aria-label={props.data.map(named).join(', ')}
        style={{ flexShrink: 0, maxWidth: '45%' }}
      >
        {slices}
      </svg>
      {props.withLabels && (
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }} data-chart-legend>
          {props.data.map((d) => (
            <Group key={d.name} gap={8} wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Box
                  w={10}
                  h={10}
                  style={{ flexShrink: 0, borderRadius: 5, background: getThemeColor(d.color, theme) }}
                />
                <Text size="xs" truncate="end" title={d.name}>
                  {d.name}
                </Text>
              </Group>
              <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {d.label ?? d.value}{' '}
                <Text span size="xs" c="dimmed" fw={400}>
                  {share(d.value, total)}
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Group>
  );
}
