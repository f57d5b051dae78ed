import { stopHarness } from './support/harness.ts';

export default async function globalTeardown() {
  await stopHarness();
}
