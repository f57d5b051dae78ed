import '@mantine/core/styles/Table.css';
import { Button, Checkbox, Table } from '@mantine/core';
import { type ConnectRegistrant, messagesConnect } from '@portal/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { formatDate } from '../../../lib/dates.ts';
import classes from './connect-admin.module.css';

const m = messagesConnect.approval;
const c = m.columns;

export type ListKind = 'pending' | 'approved';

/**
 * One tab's registrants (spec 3 section 2): checkboxes with Select all in a list at most 52vh high that scrolls
 * inside a labelled, focusable region (keyboard users scroll it too). The approved list adds who approved, when,
 * whether the link was sent, and the meeting link to copy.
 */
export function RegistrantsTable({
  kind,
  rows,
  checked,
  onToggle,
  onToggleAll,
  onCopy,
  copyingId,
}: {
  kind: ListKind;
  rows: readonly ConnectRegistrant[];
  checked: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  onCopy: (row: ConnectRegistrant) => void;
  copyingId: number | null;
}) {
  const approved = kind === 'approved';
  const label = approved ? m.approvedList : m.pendingList;
  if (rows.length === 0)
    return (
      <p className={classes.state} role="status">
        {approved ? m.noApproved : m.noPending}
      </p>
    );
  const all = rows.every((r) => checked.has(r.id));
  const some = !all && rows.some((r) => checked.has(r.id));
  return (
    <ScrollRegion className={classes.scroll} label={label}>
      <Table className={classes.table} fz="sm" striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.checkCell}>
              <Checkbox
                size="md"
                aria-label={m.selectAll}
                checked={all}
                indeterminate={some}
                onChange={onToggleAll}
              />
            </Table.Th>
            <Table.Th>{c.name}</Table.Th>
            <Table.Th>{c.email}</Table.Th>
            <Table.Th>{c.company}</Table.Th>
            <Table.Th>{c.registered}</Table.Th>
            {approved && (
              <>
                <Table.Th>{c.approvedBy}</Table.Th>
                <Table.Th>{c.approved}</Table.Th>
                <Table.Th>{c.linkSent}</Table.Th>
                <Table.Th>{m.linkField}</Table.Th>
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Checkbox
                  size="md"
                  aria-label={m.selectRow(row.sRegistrantName)}
                  checked={checked.has(row.id)}
                  onChange={() => onToggle(row.id)}
                />
              </Table.Td>
              <Table.Td>{row.sRegistrantName}</Table.Td>
              <Table.Td>{row.sEmail}</Table.Td>
              <Table.Td>{row.sCompanyName}</Table.Td>
              <Table.Td>{formatDate(row.dUTC_Registered)}</Table.Td>
              {approved && (
                <>
                  <Table.Td>{row.sApprovedByFullName ?? ''}</Table.Td>
                  <Table.Td>{formatDate(row.dUTC_Approved)}</Table.Td>
                  <Table.Td>{row.bSentMeetingLink ? m.yes : m.no}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <Button
                      size="xs"
                      variant="outline"
                      color="navy.8"
                      loading={copyingId === row.id}
                      aria-label={m.copyLinkOf(row.sRegistrantName)}
                      onClick={() => onCopy(row)}
                    >
                      {m.meetingLink}
                    </Button>
                  </Table.Td>
                </>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
