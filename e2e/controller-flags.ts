import { expect } from '@playwright/test';
import type { Api } from './fixtures.js';

/**
 * Sets one controller switch through the API, so a spec's Running badge does not depend on what another
 * spec on the same server left behind.
 */
export async function setControllerFlag(api: Api, name: string, status: boolean): Promise<void> {
  const reply = await api.call('PUT', '/api/App/Controler/Edit/storyVideo', { body: { name, status } });
  expect(reply.status).toBe(true);
}
