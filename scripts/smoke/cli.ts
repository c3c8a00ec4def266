/** Entry of `npm run smoke` (package.json): runs main.ts with the command line and exits with its verdict. */
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2));
