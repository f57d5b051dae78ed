import '@mantine/core/styles/Table.css';
import { Badge, Table } from '@mantine/core';
import { messagesReportAdmin as m, type ReportManagementRow } from '@portal/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { formatDate } from '../../../lib/dates.ts';
import classes from './report-admin.module.css';
import { EditLink, FlagSwitch, type RowControlsProps, SelectSwitch, TempButton } from './report-controls.tsx';

type Controls = Omit<RowControlsProps, 'row' | 'compact'>;

// Dark tones that keep 4.5:1 on white and on the striped rows' light grey.
const stateColor = { scheduled: '#7a4a00', withdrawn: '#8a1c1c', published: '#1e6b3a' } as const;

function StateBadge({ row }: { row: ReportManagementRow }) {
  if (row.state === 'published') return null;
  return (
    <Badge variant="outline" color={stateColor[row.state]} size="sm" radius="sm">
      {m.states[row.state]}
    </Badge>
  );
}

/** Sector and lead analyst, under the title. */
function Byline({ row }: { row: ReportManagementRow }) {
  const parts = [row.sector?.sName, row.analyst?.name].filter(Boolean);
  return parts.length ? <span className={classes.byline}>{parts.join(' · ')}</span> : null;
}

/** The wide layout: one row per report, a column per curation flag. */
export function ReportTable({
  rows,
  busy,
  ...controls
}: Controls & { rows: ReportManagementRow[]; busy: boolean }) {
  return (
    <ScrollRegion className={classes.frame} label={m.listLabel} busy={busy}>
      <Table className={classes.table} striped verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{m.columns.title}</Table.Th>
            <Table.Th scope="col">{m.columns.published}</Table.Th>
            <Table.Th scope="col">{m.columns.selected}</Table.Th>
            <Table.Th scope="col">{m.columns.mustRead}</Table.Th>
            <Table.Th scope="col">{m.columns.highlighted}</Table.Th>
            <Table.Th scope="col">{controls.selectName}</Table.Th>
            <Table.Th scope="col">
              <span className={classes.srOnlyHeader}>{m.columns.actions}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const props = { ...controls, row, compact: true };
            return (
              <Table.Tr key={row.id}>
                <Table.Td className={classes.titleCell}>
                  <span className={classes.rowTitle}>{row.title}</span>
                  <span className={classes.meta}>
                    <StateBadge row={row} />
                    <Byline row={row} />
                  </span>
                </Table.Td>
                <Table.Td className={classes.nowrap}>{formatDate(row.published_date, 'day')}</Table.Td>
                <Table.Td>
                  <TempButton {...props} />
                </Table.Td>
                <Table.Td>
                  <FlagSwitch {...props} flag="mustRead" label={m.columns.mustRead} />
                </Table.Td>
                <Table.Td>
                  <FlagSwitch {...props} flag="highlight" label={m.columns.highlighted} />
                </Table.Td>
                <Table.Td>
                  <SelectSwitch {...props} />
                </Table.Td>
                <Table.Td>
                  <EditLink row={row} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** The narrow layout: a card per report with its controls stacked. */
export function ReportCards({ rows, ...controls }: Controls & { rows: ReportManagementRow[] }) {
  return (
    <ul className={classes.cards} aria-label={m.listLabel}>
      {rows.map((row) => {
        const props = { ...controls, row, compact: false };
        return (
          <li key={row.id} className={classes.card}>
            <h2 className={classes.cardTitle}>{row.title}</h2>
            <p className={classes.meta}>
              <span>{formatDate(row.published_date, 'day')}</span>
              <StateBadge row={row} />
              <Byline row={row} />
            </p>
            <div className={classes.cardControls}>
              <FlagSwitch {...props} flag="mustRead" label={m.columns.mustRead} />
              <FlagSwitch {...props} flag="highlight" label={m.columns.highlighted} />
              <SelectSwitch {...props} />
            </div>
            <div className={classes.cardActions}>
              <TempButton {...props} />
              <EditLink row={row} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
