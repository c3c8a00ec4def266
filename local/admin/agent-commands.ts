/**
 * `refresh-agent-ranges`: the AI agents' published address ranges read again from their
 * operators' lists, written into the repository's dated dataset (docs/agent-logs.md "Keeping the
 * ranges current"). It needs the network and no store; with OFFLINE_DNS=1 every list fails and the
 * file is left as it was. `--source-base` fetches every list from one other origin instead (tests
 * serve them from a loopback fixture), `--file` writes another file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RangesDatasetSchema } from '#shared/domain/agents/ranges';
import { refreshRanges } from '#shared/domain/agents/refresh';
import { frozenAt } from '#shared/domain/kernel/clock';
import { rangesFetcherFor } from '#shared/wiring/agent-ranges-refresh';
import { loadConfig } from '#shared/wiring/config';
import { UsageError, type Values } from './commands.ts';
import type { StorelessCommand } from './key-commands.ts';

/** The dataset the service bundles. */
export const BUNDLED_RANGES_FILE = fileURLToPath(
  new URL('../../shared/domain/agents/agent-ranges.json', import.meta.url),
);

/** `https://openai.com/gptbot.json` -> `<base>/openai.com/gptbot.json`. */
function locateUnder(base: string): (url: string) => string {
  const root = base.replace(/\/+$/, '');
  return (url) => {
    const parsed = new URL(url);
    return `${root}/${parsed.host}${parsed.pathname}`;
  };
}

function stringOption(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export const AGENT_COMMANDS: Record<string, StorelessCommand> = {
  'refresh-agent-ranges': {
    usage: 'refresh-agent-ranges [--file PATH] [--source-base URL]',
    help:
      "Read the AI agents' published address ranges again from their operators' lists and write " +
      'the dated dataset (default shared/domain/agents/agent-ranges.json). A list that cannot be ' +
      'read keeps its entry; when none can be read (no network, OFFLINE_DNS=1) nothing is written ' +
      'and the command exits 2. --source-base fetches each list from <URL>/<host><path> instead.',
    async run(env, values, now) {
      const file = stringOption(values, 'file') ?? BUNDLED_RANGES_FILE;
      const base = stringOption(values, 'source-base');
      const config = loadConfig(env);
      const current = RangesDatasetSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
      const fetcher = rangesFetcherFor(config, config.PUBLIC_BASE_URL ?? 'http://localhost');
      try {
        const result = await refreshRanges(current, {
          fetcher,
          clock: frozenAt(now),
          ...(base ? { locate: locateUnder(base) } : {}),
        });
        if (result.refreshed.length === 0) {
          const reasons = result.failed.map((entry) => `${entry.source}: ${entry.reason}`);
          throw new UsageError(
            `No list could be read; ${file} is unchanged. ${reasons.join('; ')}`,
          );
        }
        writeFileSync(file, `${JSON.stringify(result.dataset, null, 2)}\n`);
        return {
          file,
          as_of: result.dataset.as_of,
          refreshed: result.refreshed,
          failed: result.failed,
        };
      } finally {
        await fetcher.close();
      }
    },
  },
};
