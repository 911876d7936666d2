import { loadConfig } from '../config';
import { createStravaClient } from '../trackers/providers/strava/client';
import { noBudget } from '../trackers/providers/provider-request';
import { runStravaWebhookCli } from '../trackers/providers/strava/webhook-cli';

/** `npm run strava:webhook -- list | create | delete <id>`: the app's Strava webhook subscription. */
const config = loadConfig();
const client = config.strava ? createStravaClient(config.strava, noBudget) : null;
process.exitCode = await runStravaWebhookCli(process.argv.slice(2), config.strava, client, (line) => console.info(line));
