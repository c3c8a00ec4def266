/** Entry of `npm run cost` (package.json): runs main.ts with the command line and exits with its code. */
import { main } from './main.ts';

process.exitCode = main(
  process.argv.slice(2),
  (line) => process.stdout.write(`${line}\n`),
  (line) => process.stderr.write(`${line}\n`),
);
