import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartPoint } from '../series';

const MAX_DOTTED_DAYS = 62;

/** One line per day; the tooltip reads "{n} Clicks on {date}" (doc 2 section 2). */
export function TrendChart({
  title,
  points,
  color,
  unit,
}: {
  title: string;
  points: ChartPoint[];
  color: string;
  unit: 'Views' | 'Clicks';
}) {
  return (
    <figure className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <figcaption className="mb-3 text-sm font-semibold text-slate-800">{title}</figcaption>
      <div className="h-64" role="img" aria-label={`${title} chart`}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="date" tick={{ fontSize: 11 }} />
            {/* Every tick (interval 0): recharts' default measures each label in a hidden span, a forced
                layout each, to drop those that would overlap, and five labels 60 px apart never do. */}
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} interval={0} />
            <Tooltip
              content={({ active, payload }) => {
                const point = active ? (payload?.[0]?.payload as ChartPoint | undefined) : undefined;
                if (!point) return null;
                return (
                  <div className="rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow">
                    {point.count} {unit} on {point.date}
                  </div>
                );
              }}
            />
            <Line
              type="monotone"
              dataKey="count"
              stroke={color}
              strokeWidth={2}
              // A dot a day while they stay apart (a month); past that the line alone, dots on hover.
              dot={points.length <= MAX_DOTTED_DAYS ? { r: 3 } : false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
