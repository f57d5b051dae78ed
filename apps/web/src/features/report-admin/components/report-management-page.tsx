import { Button, Loader, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  messagesReportAdmin as m,
  type ReportManagementFilter,
  type ReportManagementRow,
  reportManagementConstants,
  reportManagementFilters,
  type TempReportAction,
} from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { failureOf } from '../../../components/action-feedback.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showToast, Toasts } from '../../../components/toasts.tsx';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';
import { type ReportFlag, setReportFlag, useManagementList, usePutRow } from '../api/report-admin-api.ts';
import { doneMessage, pendingKey } from '../lib/report-admin-lib.ts';
import classes from './report-admin.module.css';
import { ReportCards, ReportTable } from './report-list.tsx';

const isFilter = (value: string): value is ReportManagementFilter =>
  (reportManagementFilters as readonly string[]).includes(value);

/**
 * /admin/reports (spec 2 "Report Management"): every report, newest first, with search, a filter and "Load more";
 * per report the temporary (selected) list with the spec's confirmation, must read, highlighted / latest and the
 * firm's branded selection (not before a report is 7 days old). Each change shows its pending state, then the
 * server's row and a notification.
 */
export function ReportManagementPage() {
  const [searchText, setSearchText] = useState('');
  const [q] = useDebouncedValue(searchText.trim(), 300);
  const [filter, setFilter] = useState<ReportManagementFilter>('all');
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  // The spec's dialog stores the report's id and the action (spec 2 section 4).
  const [confirming, setConfirming] = useState<{ id: number; action: TempReportAction } | null>(null);
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const list = useManagementList({ filter, q });
  const putRow = usePutRow();
  const selectName = m.selectName(getRuntimeConfig().firm.name);
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];

  const change = async (id: number, flag: ReportFlag, status: boolean) => {
    const key = pendingKey(id, flag);
    setPending((current) => new Set(current).add(key));
    try {
      putRow(await setReportFlag(id, flag, status));
      showToast(true, doneMessage(flag, status));
    } catch (error) {
      showToast(false, failureOf(error).text);
      // what the server holds now (another admin may have changed it, or the report is gone)
      void list.refetch();
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  };

  const controls = {
    selectName,
    isPending: (id: number, flag: ReportFlag) => pending.has(pendingKey(id, flag)),
    onTemp: (row: ReportManagementRow) =>
      setConfirming({ id: row.id, action: row.isTempReport ? 'remove' : 'add' }),
    onFlag: (row: ReportManagementRow, flag: Exclude<ReportFlag, 'tempReport'>, status: boolean) =>
      void change(row.id, flag, status),
  };

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className={classes.state} role="status">
        <Loader size="sm" aria-hidden />
        <span>{m.loading}</span>
      </div>
    );
  } else if (list.isError && rows.length === 0) {
    body = (
      <div role="alert" className={`${classes.state} ${classes.error}`}>
        <p>{m.loadFailed}</p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          {m.retry}
        </Button>
      </div>
    );
  } else if (rows.length === 0) {
    body = <p className={classes.state}>{m.noData}</p>;
  } else if (wide) {
    body = <ReportTable {...controls} rows={rows} busy={list.isFetching} />;
  } else {
    body = <ReportCards {...controls} rows={rows} />;
  }

  return (
    <div className={classes.page}>
      <Toasts />
      <div className={classes.header}>
        <h1 className={classes.title}>{m.title}</h1>
        <div className={classes.headerActions}>
          <Button component={Link} to="/admin/reports/new">
            {m.publish}
          </Button>
          <Button component={Link} to="/admin/reports/identify" variant="outline">
            {m.identify}
          </Button>
        </div>
      </div>
      <div className={classes.toolbar}>
        <TextInput
          className={classes.search}
          type="search"
          label={m.searchLabel}
          value={searchText}
          maxLength={reportManagementConstants.searchMax}
          onChange={(event) => setSearchText(event.currentTarget.value)}
        />
        <NativeSelect
          className={classes.filter}
          label={m.filterLabel}
          value={filter}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isFilter(value)) setFilter(value);
          }}
          data={reportManagementFilters.map((value) => ({
            value,
            label: value === 'select' ? selectName : m.filters[value],
          }))}
        />
      </div>
      <p className={classes.hint}>{m.selectTooRecent}</p>
      {body}
      <div className={classes.footer}>
        <p className={classes.count} aria-live="polite">
          {list.data ? m.loadedCount(rows.length) : ''}
        </p>
        {list.hasNextPage && (
          <Button
            variant="outline"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {m.loadMore}
          </Button>
        )}
      </div>
      <ConfirmDialog
        opened={confirming !== null}
        title={m.tempConfirmTitle}
        text={confirming ? m.tempConfirm(confirming.action) : ''}
        cancelLabel={m.cancel}
        confirmLabel={m.yes}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          const asked = confirming;
          setConfirming(null);
          if (asked) void change(asked.id, 'tempReport', asked.action === 'add');
        }}
      />
    </div>
  );
}
