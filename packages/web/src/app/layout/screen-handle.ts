import type { Feature } from '@streamdesk/contract/roles';

/**
 * A screen's route handle: the feature it shows, which a role must be able to read to open it
 * (ScreenAccess). Apart from ScreenAccess: the routes table is in every page's entry, the sign-in page's
 * too, and ScreenAccess brings the query cache and the roles' table with it (docs/decisions/0080).
 */
export const screenOf = (feature: Feature) => ({ feature });
