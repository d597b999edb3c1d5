import { stripSpaces } from '@streamdesk/contract/http';

/**
 * Said beside a field before saving, never done silently (issue 36): the spaces the save removes from ad
 * names, ad ids and website ad URLs (doc 1 section 5, doc 2 section 5). Undefined while there are none.
 */
export const strippedHint = (value: string) =>
  /\s/.test(value.trim()) ? `Spaces are removed: saved as "${stripSpaces(value)}"` : undefined;
