// After writing bench/RESULTS.md, let Biome lay out its Markdown tables where the installed Biome handles Markdown;
// a Biome that does not (2.x skips .md files: "No files were processed") leaves the file as written, silently.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const resultsFile = path.join(benchDir, 'RESULTS.md');

export function formatResults() {
  const biome = path.resolve(benchDir, '../node_modules/.bin/biome');
  const res = spawnSync(biome, ['format', '--write', resultsFile], { encoding: 'utf8' });
  if (res.status !== 0 && !`${res.stdout}${res.stderr}`.includes('No files were processed')) {
    console.error(`Could not format ${resultsFile} with Biome: ${res.error?.message ?? res.stderr}`);
  }
}
