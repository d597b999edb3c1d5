import { controllerRoutes, type ControllerFlag } from '@streamdesk/contract/controller';
import type { Api } from './fixtures.js';

/**
 * Sets a controller switch through the API, so a test that reads a Running badge does not depend on
 * the defaults or on what another test left behind (the server is shared by the tests of a worker).
 */
export async function setFlag(api: Api, name: ControllerFlag, status: boolean): Promise<void> {
  const reply = await api.call(controllerRoutes.flag.method, controllerRoutes.flag.path, {
    body: { name, status },
  });
  if (reply.status !== true) throw new Error(`could not set ${name}: ${JSON.stringify(reply)}`);
}
