import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Skeleton.css';
import { Badge, Button, Skeleton, Table, UnstyledButton } from '@mantine/core';
import { messagesAdminUsers as m, type SpyderUserRow, type WebsiteUserRow } from '@portal/contract';
import type { ReactNode } from 'react';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { ariaSortOf, type SortField, type TableState } from '../lib/table-state.ts';
import classes from './admin-users.module.css';
import { RowActions, type WebsiteAction, websiteActionsOf } from './row-actions.tsx';

interface Column<Row> {
  key: string;
  label: string;
  /** set when the column sorts (the row field the server sorts by) */
  sort?: SortField;
  cell: (row: Row) => ReactNode;
}

const yesNo = (value: boolean) => (value ? m.yes : m.no);
const time = (iso: string | null) => formatDate(iso, 'dayTime') || m.never;

// Dark tones that keep 4.5:1 on the striped rows' light grey (Mantine's green 9 does not).
const statusColor = (status: string) =>
  status === 'Activated' ? '#1e6b3a' : status === 'Pending Activate' ? '#7a4a00' : '#4a5568';

function NameCell({ name, status }: { name: string; status: string }) {
  return (
    <div className={classes.nameCell}>
      <span>{name}</span>
      <Badge variant="outline" color={statusColor(status)} size="sm" radius="sm">
        {status}
      </Badge>
    </div>
  );
}

/** Spec 2 section 2's website columns, with the matched firm on the Import Suggestions toggle. */
const websiteColumns = (suggestions: boolean): Column<WebsiteUserRow>[] => [
  {
    key: 'name',
    label: m.columns.fullName,
    sort: 'sFull_Name',
    cell: (row) => <NameCell name={row.sFull_Name} status={row.status} />,
  },
  { key: 'email', label: m.columns.email, sort: 'sEmail', cell: (row) => row.sEmail },
  ...(suggestions
    ? [{ key: 'firm', label: m.screen.matchedFirm, cell: (row: WebsiteUserRow) => row.firm?.sName ?? '' }]
    : []),
  {
    key: 'verified',
    label: m.columns.verified,
    sort: 'bVerifiedEmail',
    cell: (row) => yesNo(row.bVerifiedEmail),
  },
  { key: 'activated', label: m.columns.activated, sort: 'bActivated', cell: (row) => yesNo(row.bActivated) },
  {
    key: 'login',
    label: m.columns.lastLogin,
    sort: 'tLoingRecord_Time',
    cell: (row) => time(row.tLoingRecord_Time),
  },
  { key: 'created', label: m.columns.created, sort: 'tCreatedAt', cell: (row) => time(row.tCreatedAt) },
];

/** Spec 2 section 2's external-system columns. */
const spyderColumns: Column<SpyderUserRow>[] = [
  {
    key: 'name',
    label: m.columns.fullName,
    sort: 'sPFN_FullName',
    cell: (row) => <NameCell name={row.sPFN_FullName} status={row.status} />,
  },
  { key: 'company', label: m.columns.company, sort: 'sCompanyName', cell: (row) => row.sCompanyName },
  { key: 'email', label: m.columns.email, sort: 'sNCY_FullNo', cell: (row) => row.sNCY_FullNo },
  { key: 'password', label: m.columns.password, sort: 'bPassword', cell: (row) => yesNo(row.bPassword) },
  { key: 'login', label: m.columns.loginTime, sort: 'tLogin_Time', cell: (row) => time(row.tLogin_Time) },
];

export type UsersTableProps = {
  state: TableState;
  onSort: (field: SortField) => void;
  busy: boolean;
} & (
  | {
      type: 'website';
      rows: WebsiteUserRow[] | undefined;
      onAction: (row: WebsiteUserRow, a: WebsiteAction) => void;
    }
  | { type: 'spyder'; rows: SpyderUserRow[] | undefined; onView: (row: SpyderUserRow) => void }
);

function SortHeader({
  state,
  field,
  label,
  onSort,
}: {
  state: TableState;
  field: SortField;
  label: string;
  onSort: (f: SortField) => void;
}) {
  const sort = ariaSortOf(state, field);
  return (
    <Table.Th aria-sort={sort}>
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(field)}>
        {label}
        <span className={classes.sortMark} aria-hidden="true">
          {sort === 'ascending' ? '▲' : sort === 'descending' ? '▼' : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}

function Rows<Row>({
  columns,
  rows,
  rowKey,
  actions,
}: {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => number;
  actions: (row: Row) => ReactNode;
}) {
  const span = columns.length + 1;
  if (rows === undefined) {
    // First load: placeholder rows the size of a page's first lines.
    return (
      <Table.Tbody aria-busy="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <Table.Tr key={i}>
            {Array.from({ length: span }, (_, c) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity.
              <Table.Td key={c}>
                <Skeleton height={14} radius="sm" />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    );
  }
  if (rows.length === 0) {
    return (
      <Table.Tbody>
        <Table.Tr>
          <Table.Td colSpan={span} className={classes.empty}>
            {m.noData}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    );
  }
  return (
    <Table.Tbody>
      {rows.map((row) => (
        <Table.Tr key={rowKey(row)}>
          {columns.map((column) => (
            <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
          ))}
          <Table.Td>{actions(row)}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

/** The users table: sortable headers (aria-sort), a skeleton while the first page loads, 'No Data' when empty. */
export function UsersTable(props: UsersTableProps) {
  const { state, onSort, busy } = props;
  const columns: Column<never>[] =
    props.type === 'website'
      ? (websiteColumns(state.view === 'suggestions') as Column<never>[])
      : (spyderColumns as Column<never>[]);
  return (
    // A focusable frame, so a keyboard user can scroll the wide table sideways on a phone.
    <ScrollRegion className={classes.frame} label={m.screen.tableScroll}>
      <Table
        className={classes.table}
        striped
        highlightOnHover
        verticalSpacing="sm"
        aria-label={props.type === 'website' ? m.tabs.website : m.tabs.spyder}
        aria-busy={busy || undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              column.sort ? (
                <SortHeader
                  key={column.key}
                  state={state}
                  field={column.sort}
                  label={column.label}
                  onSort={onSort}
                />
              ) : (
                <Table.Th key={column.key}>{column.label}</Table.Th>
              ),
            )}
            <Table.Th>{m.columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {props.type === 'website' ? (
          <Rows
            columns={websiteColumns(state.view === 'suggestions')}
            rows={props.rows}
            rowKey={(row) => row.iTempUser_ID}
            actions={(row) => (
              <RowActions
                name={row.sFull_Name}
                actions={websiteActionsOf(row)}
                onAction={(action) => props.onAction(row, action)}
              />
            )}
          />
        ) : (
          <Rows
            columns={spyderColumns}
            rows={props.rows}
            rowKey={(row) => row.iPSN_Id}
            actions={(row) => (
              <Button
                variant="default"
                size="xs"
                onClick={() => props.onView(row)}
                aria-label={`${m.actions.view}: ${row.sPFN_FullName}`}
              >
                {m.actions.view}
              </Button>
            )}
          />
        )}
      </Table>
    </ScrollRegion>
  );
}
