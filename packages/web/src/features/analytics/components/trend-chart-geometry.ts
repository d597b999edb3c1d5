import { nice, ticks } from 'd3-array';
import { curveMonotoneX, line } from 'd3-shape';

/**
 * The path's own square: the line is drawn in it and stretched to the plot's box (preserveAspectRatio
 * none), so it follows the container's width with no measuring. A monotone curve stretched is the curve
 * of the stretched points (its tangents are ratios of the same differences).
 */
export const PATH_BOX = 1000;

/** A day label ("21/11/2026" at 11 px, about 56 px) and a gap: closer labels would touch. */
const LABEL_PX = 64;

/** Where day `index` of `days` sits, in % of the plot's width: the ends at the edges, one day in the middle. */
export function dayX(index: number, days: number): number {
  return days <= 1 ? 50 : (index / (days - 1)) * 100;
}

/**
 * The value axis: whole counts only (2.5 views is not a count), from 0 to a round top. d3-array's ticks,
 * which d3-scale's scaleLinear reads too, without its interpolators and number formats (8 kB gzipped more).
 */
export function countAxis(top: number) {
  const [, end] = nice(0, Math.max(1, top), 5);
  return {
    y: (count: number) => 100 - (count / end) * 100,
    ticks: ticks(0, end, 5).filter(Number.isInteger),
  };
}

/** The curve through the days' counts in PATH_BOX units, `y` giving each count's height in %. */
export function curvePath(counts: readonly number[], y: (count: number) => number): string {
  const scale = PATH_BOX / 100;
  return (
    line<number>()
      .x((_, i) => dayX(i, counts.length) * scale)
      .y((count) => y(count) * scale)
      .curve(curveMonotoneX)(counts) ?? ''
  );
}

/**
 * The days that get a label on a plot `width` px wide: every day while they fit, else every so many counted
 * back from the last day, so today (the range's end) is always named.
 */
export function labelledDays(days: number, width: number): number[] {
  const fit = Math.max(2, Math.floor(width / LABEL_PX));
  const step = Math.max(1, Math.ceil(days / fit));
  const shown: number[] = [];
  for (let i = days - 1; i >= 0; i -= step) shown.unshift(i);
  return shown;
}
