import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

// Colour codes of Playwright's error messages (ESC [ ... m), built from a string to keep the regex printable.
const ansiEscape = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** One line per failed test (title, file:line, first error line), then one line of totals. */
export default class SummaryReporter implements Reporter {
  private readonly failed: string[] = [];
  private readonly counts = { passed: 0, failed: 0, skipped: 0 };
  /** Test time per spec file (fixtures included), for the ten slowest at the end. */
  private readonly fileTime = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = test.location.file.split('/').pop() ?? test.location.file;
    this.fileTime.set(file, (this.fileTime.get(file) ?? 0) + result.duration);
    if (result.status === 'skipped') this.counts.skipped++;
    else if (result.status === test.expectedStatus) this.counts.passed++;
    else {
      this.counts.failed++;
      const firstLine = (result.error?.message ?? result.status).split('\n')[0]?.replace(ansiEscape, '');
      this.failed.push(
        `FAILED ${test.titlePath().slice(1).join(' > ')} (${test.location.file.split('/').pop()}:${test.location.line}): ${firstLine}`,
      );
    }
  }

  onEnd(result: FullResult) {
    console.log('');
    const total = [...this.fileTime.values()].reduce((a, b) => a + b, 0);
    const slowest = [...this.fileTime].sort((a, b) => b[1] - a[1]).slice(0, 10);
    if (slowest.length > 0) {
      console.log(
        `The ${slowest.length} slowest of ${this.fileTime.size} spec files (${(total / 1000).toFixed(0)} s of test time in all):`,
      );
      for (const [file, ms] of slowest) {
        console.log(
          `  ${(ms / 1000).toFixed(1).padStart(6)} s ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${file}`,
        );
      }
    }
    for (const line of this.failed) console.log(line);
    const { passed, failed, skipped } = this.counts;
    console.log(
      `e2e summary: ${result.status}, ${passed} passed, ${failed} failed, ${skipped} skipped in ${(result.duration / 1000).toFixed(1)} s`,
    );
  }

  printsToStdio() {
    return false;
  }
}
