import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import type { ChartPoint } from '../series';
import { PATH_BOX, countAxis, curvePath, dayX, labelledDays } from './trend-chart-geometry';

const MAX_DOTTED_DAYS = 62;
/** The plot's width until the browser has laid it out (half a 1366 px screen's content), for the day labels. */
const FIRST_WIDTH = 440;
const GRID = '#e2e8f0';
const AXIS = '#94a3b8';

/**
 * One line per day; the tooltip reads "{n} Clicks on {date}" (doc 2 section 2). An SVG drawn in % of the
 * plot's box, so it follows the container's width from its first paint, without a measuring render; the
 * keyboard moves a day at a time along it (0090).
 */
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
  const plot = useRef<HTMLDivElement>(null);
  const width = usePlotWidth(plot);
  const [active, setActive] = useState<number>();
  const days = points.length;

  const { y, ticks, path } = useMemo(() => {
    const axis = countAxis(Math.max(0, ...points.map((p) => p.count)));
    return {
      ...axis,
      path: curvePath(
        points.map((p) => p.count),
        axis.y,
      ),
    };
  }, [points]);
  const labelled = labelledDays(days, width);
  // The day the tooltip names: the pointer's, or the keyboard's once the chart has the focus.
  const point = active !== undefined ? points[active] : undefined;
  const shown = point && { ...point, x: dayX(active!, days), y: y(point.count) };

  const dayAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const at = box.width > 0 ? (event.clientX - box.left) / box.width : 0;
    setActive(Math.min(days - 1, Math.max(0, Math.round(at * (days - 1)))));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const to = { Home: 0, End: days - 1 }[event.key];
    if (step === undefined && to === undefined) return;
    event.preventDefault();
    setActive((at) => Math.min(days - 1, Math.max(0, to ?? (at ?? 0) + (step ?? 0))));
  };

  return (
    <figure className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <figcaption className="mb-3 text-sm font-semibold text-slate-800">{title}</figcaption>
      {/* A group, not an image: an image's content is presentational, so neither the plot that takes the
          keyboard nor the day it names would reach a screen reader. */}
      <div className="h-64" role="group" aria-label={`${title} chart`}>
        <div className="grid h-full grid-cols-[40px_1fr] grid-rows-[1fr_auto] pt-2 pr-8 text-[11px] text-slate-500">
          <div className="relative">
            {ticks.map((tick) => (
              <span key={tick} className="absolute right-2 -translate-y-1/2" style={{ top: `${y(tick)}%` }}>
                {tick}
              </span>
            ))}
          </div>
          <div
            ref={plot}
            role="application"
            aria-label={`${title} by day`}
            tabIndex={0}
            className="relative rounded-sm outline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-600"
            onPointerMove={dayAt}
            onPointerDown={dayAt}
            // The day chosen by the keyboard stays while the plot has the focus.
            onPointerLeave={(event) => {
              if (document.activeElement !== event.currentTarget) setActive(undefined);
            }}
            onFocus={() => setActive((at) => at ?? 0)}
            onBlur={() => setActive(undefined)}
            onKeyDown={onKeyDown}
          >
            <svg className="chart-surface absolute inset-0 size-full overflow-visible" aria-hidden="true">
              {ticks.map((tick) => (
                <line
                  key={tick}
                  x1="0"
                  x2="100%"
                  y1={`${y(tick)}%`}
                  y2={`${y(tick)}%`}
                  stroke={GRID}
                  strokeDasharray="3 3"
                />
              ))}
              {labelled.map((i) => (
                <line
                  key={i}
                  x1={`${dayX(i, days)}%`}
                  x2={`${dayX(i, days)}%`}
                  y1="0"
                  y2="100%"
                  stroke={GRID}
                  strokeDasharray="3 3"
                />
              ))}
              <line x1="0" x2="100%" y1="100%" y2="100%" stroke={AXIS} />
              <line x1="0" x2="0" y1="0" y2="100%" stroke={AXIS} />
              {shown && <line x1={`${shown.x}%`} x2={`${shown.x}%`} y1="0" y2="100%" stroke="#cbd5e1" />}
              <svg viewBox={`0 0 ${PATH_BOX} ${PATH_BOX}`} preserveAspectRatio="none" overflow="visible">
                {/* Stretched with its box, the line keeps its width: the stroke is drawn after the stretch. */}
                <path d={path} fill="none" stroke={color} strokeWidth={2} vectorEffect="non-scaling-stroke" />
              </svg>
              {/* A dot a day while they stay apart (a month); past that the line alone, a dot on the day shown. */}
              {days <= MAX_DOTTED_DAYS &&
                points.map((p, i) => (
                  <circle
                    key={p.day}
                    className="chart-dot"
                    cx={`${dayX(i, days)}%`}
                    cy={`${y(p.count)}%`}
                    r={3}
                    fill="#fff"
                    stroke={color}
                    strokeWidth={2}
                  />
                ))}
              {shown && (
                <circle
                  cx={`${shown.x}%`}
                  cy={`${shown.y}%`}
                  r={5}
                  fill={color}
                  stroke="#fff"
                  strokeWidth={2}
                />
              )}
            </svg>
            {/* Always there, so that screen readers announce each day as the arrow keys reach it (a live
                region added with its text is often not read). */}
            <div
              role="status"
              className={
                shown
                  ? 'pointer-events-none absolute z-10 rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow'
                  : 'sr-only'
              }
              style={
                shown && {
                  left: `${shown.x}%`,
                  top: `${Math.min(85, Math.max(15, shown.y))}%`,
                  // Beside the day, on the side with more room, so it never hides the dot it names.
                  transform: shown.x > 50 ? 'translate(calc(-100% - 12px), -50%)' : 'translate(12px, -50%)',
                }
              }
            >
              {shown && `${shown.count} ${unit} on ${shown.date}`}
            </div>
          </div>
          <div />
          <div className="relative h-6">
            {labelled.map((i) => (
              <span
                key={i}
                className="absolute top-1.5 -translate-x-1/2 whitespace-nowrap"
                style={{ left: `${dayX(i, days)}%` }}
              >
                {points[i]!.date}
              </span>
            ))}
          </div>
        </div>
      </div>
    </figure>
  );
}

/**
 * The plot's width in px, for how many day labels fit: the ResizeObserver's reports, which come after the
 * browser's own layout, so drawing the chart forces none (docs/decisions/0049, no box read on mount).
 */
function usePlotWidth(plot: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(FIRST_WIDTH);
  useEffect(() => {
    const element = plot.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [plot]);
  return width;
}
