import { stripSpaces, withScheme } from '@streamdesk/contract/http';

/**
 * Said beside a field before saving, never done silently (issue 36): what the save stores when it is not
 * what was typed (trimmed). Undefined while they are the same.
 */
export function savedAsHint(typed: string, saved: string) {
  const text = typed.trim();
  if (saved === text) return undefined;
  return /\s/.test(text) ? `Spaces are removed: saved as "${saved}"` : `Saved as "${saved}"`;
}

/** The spaces the save removes from ad names, ad ids and website ad URLs (doc 1 section 5, doc 2 section 5). */
export const strippedHint = (value: string) => savedAsHint(value, stripSpaces(value));

/** The https:// the save adds to a URL typed without its scheme (withScheme). */
export const schemeHint = (value: string) => savedAsHint(value, withScheme(value.trim()));
