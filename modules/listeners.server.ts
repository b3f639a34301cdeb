/**
 * Start-up wiring of the facts modules announce (modules/shared/events.server.ts, decision 131):
 * the one place that registers every higher module's listeners, called next to registerAllJobs by
 * the web server, the worker and the test set-up. A module exposes `registerListeners()` on its
 * public surface and is added here, e.g.
 *   import { registerListeners as journeys } from '@modules/journeys/index.server';
import { registerListeners as social } from '@modules/social/index.server';
 *   ... journeys();   // onEvent('myActivity.completed', 'journeys', completeJourneySteps)
 * Listed lowest module first, so listeners of one fact run in layer order.
 */
import { registerListeners as journeys } from '@modules/journeys/index.server';
import { registerListeners as social } from '@modules/social/index.server';
import { registerListeners as admin } from '@modules/admin/index.server';

const REGISTRARS: (() => void)[] = [journeys, social, admin];

export function registerAllListeners() {
  for (const register of REGISTRARS) register();
}
