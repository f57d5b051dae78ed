// A Vitest reporter that prints the ten slowest test files when a run ends (issue 21: CI shows where its time
// goes). A file's time is what its worker spent on it: environment, set-up, import and collection, then its tests
// and hooks.

/** How many files the list shows. */
export const slowestCount = 10;

/**
 * @param {{ moduleId: string, project: { name: string }, diagnostic(): { environmentSetupDuration: number,
 *   prepareDuration: number, collectDuration: number, setupDuration: number, duration: number } }} testModule
 */
export const fileSeconds = (testModule) => {
  const d = testModule.diagnostic();
  return (
    (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000
  );
};

/** The lines printed for a run's test modules: the slowest first, with their project and share of the total. */
export const slowestFilesLines = (testModules, root = process.cwd(), count = slowestCount) => {
  const timed = testModules.map((m) => ({ m, s: fileSeconds(m) })).sort((a, b) => b.s - a.s);
  const total = timed.reduce((sum, { s }) => sum + s, 0);
  const shown = timed.slice(0, count);
  const width = Math.max(...shown.map(({ s }) => s.toFixed(1).length), 1);
  return [
    `The ${shown.length} slowest of ${timed.length} test files (${total.toFixed(0)} s of worker time in all):`,
    ...shown.map(({ m, s }) => {
      const file = m.moduleId.startsWith(root) ? m.moduleId.slice(root.length + 1) : m.moduleId;
      const share = total > 0 ? ` ${((100 * s) / total).toFixed(1).padStart(4)}%` : '';
      return `  ${s.toFixed(1).padStart(width)} s${share}  ${file} (${m.project.name})`;
    }),
  ];
};

export default class SlowestFilesReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    if (testModules.length === 0) return;
    console.log(`\n${slowestFilesLines([...testModules], this.root).join('\n')}`);
  }
}
