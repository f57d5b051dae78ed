import { describe, expect, it } from 'vitest';
import { parseSampleReports } from './content-api.ts';

describe('the sample reports of /access (sAccessSampleReports)', () => {
  it('keeps four well-formed entries, each report once', () => {
    const entries = [1, 2, 2, 3, 4, 5].map((id) => ({ id, title: `Report ${id}` }));
    const value = JSON.stringify([{ id: 'x', title: 'bad' }, ...entries]);
    expect(parseSampleReports(value).map((report) => report.id)).toEqual([1, 2, 3, 4]);
  });
  it('answers none for a value that is not a JSON array', () => {
    expect(parseSampleReports('{"id":1}')).toEqual([]);
    expect(parseSampleReports('not json')).toEqual([]);
    expect(parseSampleReports(null)).toEqual([]);
  });
});
