/**
 * Runs the provider simulator on its own: `npx tsx local/simulator/main.ts`.
 * Configured by SIMULATOR_* variables (see options.ts); prints the URL to use as base URL.
 */
import { simulatorOptionsFromEnv } from './options.ts';
import { startSimulator } from './server.ts';

const simulator = await startSimulator({
  ...simulatorOptionsFromEnv(process.env),
  onRequest: (entry) =>
    console.log(
      `${entry.method} ${entry.path} -> ${entry.status}${entry.fault ? ` (fault: ${entry.fault})` : ''}`,
    ),
});
console.log(`Model-provider simulator listening on ${simulator.url}`);
console.log(
  `Use it with: OPENAI_BASE_URL=${simulator.url} ANTHROPIC_BASE_URL=${simulator.url} ` +
    `PERPLEXITY_BASE_URL=${simulator.url} GOOGLE_BASE_URL=${simulator.url} and any non-empty API keys.`,
);
const stop = () => void simulator.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
