/**
 * The CSS variable that places the toasts (app/providers.tsx): below the header's actions (page-header.tsx).
 * A module of its own, so the toaster in every page's entry does not bring the page header with it.
 */
export const TOASTS_TOP = '--toasts-top';
