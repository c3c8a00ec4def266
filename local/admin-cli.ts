/** `npm run --silent admin -- <command>`: see local/admin/main.ts and `--help`. */
import { runAdmin } from './admin/main.ts';

const code = await runAdmin(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
process.exit(code);
