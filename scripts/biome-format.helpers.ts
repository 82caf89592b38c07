// What the scripts that write generated sources share (db-types, contract-calls): the text as
// `biome format` leaves it, so that biome check passes on the committed file.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);

/** `source` formatted as Biome formats the file at `target` (a path from the repository's root). */
export function biomeFormatted(source: string, target: string): string {
  const biome = fileURLToPath(new URL('node_modules/.bin/biome', root));
  const run = spawnSync(biome, ['format', `--stdin-file-path=${target}`], {
    cwd: fileURLToPath(root),
    input: source,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`biome format failed:\n${run.stderr}`);
  return run.stdout;
}
