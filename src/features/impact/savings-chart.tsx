/**
 * The monthly savings bar chart (visx). Loaded lazily so visx stays out of the first paint.
 * Bars are 14 wide; the monthly average is a dashed line. The SVG is one image with a
 * text alternative; the values themselves are in the table next to it.
 */
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';

export const BAR_WIDTH = 14;
const WIDTH = 360;
const HEIGHT = 200;
const MARGIN = { top: 12, right: 8, bottom: 24, left: 8 };

export interface SavingsChartProps {
  values: number[];
  labels: string[];
  average: number;
  title: string;
  description: string;
}

export default function SavingsChart({ values, labels, average, title, description }: SavingsChartProps) {
  const innerW = WIDTH - MARGIN.left - MARGIN.right;
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<number>({ domain: values.map((_, i) => i), range: [0, innerW], padding: 0.2 });
  const max = Math.max(average, ...values);
  const y = scaleLinear<number>({ domain: [0, max > 0 ? max * 1.1 : 1], range: [innerH, 0] });
  const avgY = y(average);

  return (
    <svg
      className="imp-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby="imp-chart-title imp-chart-desc"
      data-testid="savings-chart"
    >
      <title id="imp-chart-title">{title}</title>
      <desc id="imp-chart-desc">{description}</desc>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <Line from={{ x: 0, y: innerH }} to={{ x: innerW, y: innerH }} className="imp-chart-axis" />
        {values.map((value, i) => {
          const center = (x(i) ?? 0) + x.bandwidth() / 2;
          const top = y(value);
          return (
            <g key={labels[i]}>
              <Bar
                className="imp-chart-bar"
                data-month={i + 1}
                x={center - BAR_WIDTH / 2}
                y={top}
                width={BAR_WIDTH}
                height={Math.max(0, innerH - top)}
                rx={3}
              />
              <text x={center} y={innerH + 16} textAnchor="middle" className="imp-chart-label">
                {labels[i]}
              </text>
            </g>
          );
        })}
        <Line
          className="imp-chart-average"
          data-testid="savings-average"
          from={{ x: 0, y: avgY }}
          to={{ x: innerW, y: avgY }}
          strokeDasharray="6 4"
        />
      </Group>
    </svg>
  );
}
