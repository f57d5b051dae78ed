import { startHarness } from './support/harness.ts';

export default async function globalSetup() {
  await startHarness();
}
