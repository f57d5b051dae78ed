import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Loader.css';
import { Anchor, Button, Loader, Switch, VisuallyHidden } from '@mantine/core';
import { messagesReportAdmin as m, type ReportManagementRow } from '@portal/contract';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates.ts';
import type { ReportFlag } from '../api/report-admin-api.ts';
import { flagOf, selectAllowed } from '../lib/report-admin-lib.ts';
import classes from './report-admin.module.css';

/** What the row controls need from the page: which changes are in flight, and how to ask for one. */
export interface RowControlsProps {
  row: ReportManagementRow;
  isPending: (id: number, flag: ReportFlag) => boolean;
  /** the selected list asks for confirmation first (the page opens the dialog) */
  onTemp: (row: ReportManagementRow) => void;
  onFlag: (row: ReportManagementRow, flag: Exclude<ReportFlag, 'tempReport'>, status: boolean) => void;
  selectName: string;
  /** table cells name each control after the report (the column says what it is); cards show the label */
  compact: boolean;
}

/** Add to or remove from the temporary (selected) list: opens the spec's confirmation. */
export function TempButton({ row, isPending, onTemp }: RowControlsProps) {
  const pending = isPending(row.id, 'tempReport');
  return (
    <Button
      size="xs"
      variant={row.isTempReport ? 'outline' : 'filled'}
      loading={pending}
      onClick={() => onTemp(row)}
      className={classes.tempButton}
      // the visible words first, then which report (label in name, WCAG 2.5.3)
      aria-label={`${row.isTempReport ? m.actions.removeTemp : m.actions.addTemp}: ${row.title}`}
    >
      {row.isTempReport ? m.actions.removeTemp : m.actions.addTemp}
    </Button>
  );
}

/** One on/off flag (must read, highlighted, the branded selection) with its pending state. */
export function FlagSwitch({
  row,
  flag,
  label,
  description,
  disabled = false,
  isPending,
  onFlag,
  compact,
}: Omit<RowControlsProps, 'onTemp' | 'selectName'> & {
  flag: Exclude<ReportFlag, 'tempReport'>;
  label: string;
  description?: string;
  disabled?: boolean;
}) {
  const pending = isPending(row.id, flag);
  const checked = flagOf(row, flag);
  return (
    <div className={classes.switchRow} aria-busy={pending || undefined}>
      <Switch
        checked={checked}
        disabled={disabled || pending}
        onChange={(event) => onFlag(row, flag, event.currentTarget.checked)}
        label={compact ? <VisuallyHidden component="span">{`${label}: ${row.title}`}</VisuallyHidden> : label}
        description={description}
        classNames={{ description: classes.switchDescription }}
      />
      {pending && <Loader size={14} aria-label={m.saving} />}
    </div>
  );
}

/** The Select toggle, disabled with its reason for a report under 7 days old. */
export function SelectSwitch(props: RowControlsProps) {
  const allowed = selectAllowed(props.row);
  return (
    <FlagSwitch
      {...props}
      flag="select"
      label={props.selectName}
      disabled={!allowed}
      description={
        allowed
          ? undefined
          : props.compact
            ? m.selectFrom(formatDate(props.row.selectableFrom, 'day'))
            : m.selectTooRecentUntil(formatDate(props.row.selectableFrom, 'day'))
      }
    />
  );
}

export function EditLink({ row }: { row: ReportManagementRow }) {
  return (
    <Anchor
      component={Link}
      to={`/admin/reports/${row.id}/edit`}
      className={classes.edit}
      aria-label={`${m.edit}: ${row.title}`}
    >
      {m.edit}
    </Anchor>
  );
}
