import { messagesReportAdmin as m, type ReportManagementRow } from '@portal/contract';
import type { ReportFlag } from '../api/report-admin-api.ts';

/**
 * Whether the row's report may join the branded selection now (published at least 7 days ago). The server decides
 * too (409); a report already in the selection may always be taken out.
 */
export const selectAllowed = (row: ReportManagementRow, now: number = Date.now()) =>
  row.specialSelect || Date.parse(row.selectableFrom) <= now;

/** The flag's value on a row. */
export const flagOf = (row: ReportManagementRow, flag: ReportFlag) =>
  flag === 'tempReport'
    ? row.isTempReport
    : flag === 'mustRead'
      ? row.mustRead
      : flag === 'highlight'
        ? row.type === 'highlighted'
        : row.specialSelect;

/** What to say once the server has set a flag. */
export const doneMessage = (flag: ReportFlag, status: boolean) => {
  const done = m.done;
  switch (flag) {
    case 'tempReport':
      return status ? done.tempAdded : done.tempRemoved;
    case 'mustRead':
      return status ? done.mustReadOn : done.mustReadOff;
    case 'highlight':
      return status ? done.highlighted : done.latest;
    case 'select':
      return status ? done.selectOn : done.selectOff;
  }
};

/** One pending change per report and flag: '12:mustRead'. */
export const pendingKey = (id: number, flag: ReportFlag) => `${id}:${flag}`;
