import { describe, expect, it } from 'vitest';
import { clockOf, currentLineIndex, startTimeOf, timedLines } from './transcript-time.ts';

const lines = timedLines([
  { id: '1', text: 'Welcome.', instances: [{ start: '0:00:00.500', end: '0:00:02.000' }] },
  { id: '2', text: 'Capacity stays tight.', instances: [{ start: '0:00:02.500', end: '0:00:06.000' }] },
  { id: '3', text: 'Pricing holds.', instances: [{ start: '0:01:05.250', end: '0:01:08.000' }] },
]);

describe('transcript times', () => {
  it('reads the h:m:s times and finds the line being spoken, keeping the last one through a pause', () => {
    expect(lines.map((l) => [l.start, l.end])).toEqual([
      [0.5, 2],
      [2.5, 6],
      [65.25, 68],
    ]);
    expect(currentLineIndex(lines, 0)).toBe(-1);
    expect(currentLineIndex(lines, 1)).toBe(0);
    expect(currentLineIndex(lines, 2.2)).toBe(0);
    expect(currentLineIndex(lines, 2.5)).toBe(1);
    expect(currentLineIndex(lines, 30)).toBe(1);
    expect(currentLineIndex(lines, 70)).toBe(2);
  });

  it('writes clock times and reads the ?time= start', () => {
    expect([clockOf(0), clockOf(65.25), clockOf(3725)]).toEqual(['0:00', '1:05', '1:02:05']);
    expect([
      startTimeOf('30'),
      startTimeOf('12.5'),
      startTimeOf(null),
      startTimeOf('-3'),
      startTimeOf('1e9'),
    ]).toEqual([30, 12.5, 0, 0, 0]);
  });
});
