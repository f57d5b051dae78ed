/**
 * `tsx e2e/support/prepare-run.ts <folder>`: makes a browser-journey run's database in <folder> ahead of the run
 * (see prepareJourneyData in harness.ts). `npm test` runs it beside the typecheck and passes the folder to the
 * suite in PORTAL_E2E_PREPARED; without that variable the harness makes the database itself at its start.
 */
import { prepareJourneyData } from './harness.ts';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: tsx e2e/support/prepare-run.ts <folder>');
  process.exit(2);
}
const started = Date.now();
await prepareJourneyData(folder);
console.log(
  `browser-journey database prepared in ${folder} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
