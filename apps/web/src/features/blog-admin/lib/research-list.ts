import { blogLimits } from '@portal/contract';

/** A report chosen as a post's associated research. */
export interface ChosenReport {
  id: number;
  title: string;
}

/** Adds a report at the end; a report already chosen, or an 11th, is not added (a post has at most 10). */
export const addReport = (list: readonly ChosenReport[], report: ChosenReport): ChosenReport[] =>
  list.some((item) => item.id === report.id) || list.length >= blogLimits.associatedResearchMax
    ? [...list]
    : [...list, report];

export const removeReport = (list: readonly ChosenReport[], id: number): ChosenReport[] =>
  list.filter((item) => item.id !== id);

/** Moves the report at `index` one place up (-1) or down (+1); at either end nothing moves. */
export const shiftReport = (list: readonly ChosenReport[], index: number, delta: -1 | 1): ChosenReport[] => {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to] as ChosenReport, next[index] as ChosenReport];
  return next;
};

/** The body of POST /post/saveBlogResearch: the ids, comma-separated, in the order shown. */
export const researchIdsOf = (list: readonly ChosenReport[]) => list.map((item) => item.id).join(',');
