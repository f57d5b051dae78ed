// bench/RESULTS.md is checked by Biome with the rest of the repository (`npm test` lints it): after writing it,
// let Biome lay out its Markdown tables so that the file stays lint-clean.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const resultsFile = path.join(benchDir, 'RESULTS.md');

export function formatResults() {
  const biome = path.resolve(benchDir, '../node_modules/.bin/biome');
  const res = spawnSync(biome, ['format', '--write', resultsFile], { encoding: 'utf8' });
  if (res.status !== 0) {
    console.error(`Could not format ${resultsFile} with Biome: ${res.error?.message ?? res.stderr}`);
  }
}
