import { paths } from '@/config/paths';

/** What the query client passes to /Error: the path and query of the screen the person was on. */
export interface ErrorPageState {
  from: string;
}

export function errorPageState(place: { pathname: string; search: string }): ErrorPageState {
  return { from: place.pathname + place.search };
}

/** The screen to go back to from /Error, if the navigation said one (this app's path, not /Error). */
export function errorPageFrom(state: unknown): string | undefined {
  const from = (state as Partial<ErrorPageState> | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return undefined;
  return from.toLowerCase().startsWith(paths.error.path.toLowerCase()) ? undefined : from;
}
