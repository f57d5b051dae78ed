import { describe, expect, it } from 'vitest';
import { slowestFilesLines } from './slowest-files-reporter.mjs';

const module = (file, seconds, project = 'server') => ({
  moduleId: `/repo/${file}`,
  project: { name: project },
  diagnostic: () => ({
    environmentSetupDuration: 100,
    prepareDuration: 100,
    collectDuration: 300,
    setupDuration: 0,
    duration: seconds * 1000 - 500,
  }),
});

describe('the slowest files reporter', () => {
  it('lists the ten slowest files, slowest first, with their time, share and project', () => {
    const modules = Array.from({ length: 12 }, (_, i) => module(`src/f${i}.test.ts`, i + 1));
    const lines = slowestFilesLines(modules, '/repo');
    expect(lines[0]).toBe('The 10 slowest of 12 test files (78 s of worker time in all):');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toBe('  12.0 s 15.4%  src/f11.test.ts (server)');
    expect(lines[10]).toBe('   3.0 s  3.8%  src/f2.test.ts (server)');
    expect(lines.join('\n')).not.toContain('src/f1.test.ts');
  });

  it('lists them all when there are fewer than ten', () => {
    const lines = slowestFilesLines([module('a.test.ts', 2, 'web'), module('b.test.ts', 1)], '/repo');
    expect(lines).toEqual([
      'The 2 slowest of 2 test files (3 s of worker time in all):',
      '  2.0 s 66.7%  a.test.ts (web)',
      '  1.0 s 33.3%  b.test.ts (server)',
    ]);
  });
});
