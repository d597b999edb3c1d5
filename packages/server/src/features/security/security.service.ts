import { securityMessages, type SecuritySettings } from '@streamdesk/contract/security';
import { noteActivity } from '../../platform/activity/activity-recorder.js';
import type { AppDb } from '../../platform/db/database.js';
import { conflict } from '../../platform/errors.js';
import * as repo from './security.repository.js';

/** The team's security settings. Requiring two-step takes effect on each person's next request (guards.ts). */
export function createSecurityService(db: AppDb) {
  const get = () => repo.readSettings(db);

  async function update(actorId: string, next: SecuritySettings): Promise<SecuritySettings> {
    const before = await repo.readSettings(db);
    // Requiring it without having it would send the owner to set it up at once: they do it first.
    if (next.requireTwoStep && !before.requireTwoStep && !(await repo.hasTwoStep(db, actorId)))
      throw conflict(securityMessages.ownTwoStepFirst);
    await repo.writeSettings(db, next);
    noteActivity({ label: 'security settings', before, after: next });
    return next;
  }

  return { get, update };
}
