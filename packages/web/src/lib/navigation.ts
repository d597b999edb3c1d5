/**
 * Lets code outside React (the API client) navigate, and know where the app is. The app registers the
 * router's navigate and location on start; before that, or in a page without the router, a full page
 * load and the window's location are the fallback.
 */
type NavigateOptions = { replace?: boolean; state?: unknown };
type Navigate = (to: string, options?: NavigateOptions) => unknown;
interface Place {
  pathname: string;
  search: string;
}

let navigator: Navigate | null = null;
let whereNow: (() => Place) | null = null;

export function registerNavigator(navigate: Navigate | null, location?: () => Place): void {
  navigator = navigate;
  whereNow = location ?? null;
}

export function navigateTo(to: string, options: NavigateOptions = {}): void {
  if (navigator) {
    void navigator(to, options);
    return;
  }
  if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** The path and query the app shows now. */
export function currentPlace(): Place {
  const { pathname, search } = whereNow ? whereNow() : window.location;
  return { pathname, search };
}
