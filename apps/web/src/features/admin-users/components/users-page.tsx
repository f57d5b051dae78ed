import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Button, Group, Modal, SegmentedControl, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  adminUsersConstants,
  messagesAdminUsers as m,
  type SpyderUserRow,
  type UsersType,
  type WebsiteUserRow,
} from '@portal/contract';
import { useEffect, useReducer, useState } from 'react';
import { Feedback, type FeedbackValue, failureOf } from '../../../components/action-feedback.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useAdminUsersReloads, userActions, useUsers } from '../api/admin-users-api.ts';
import { initialTableState, pageCount, tableReducer, type WebsiteView } from '../lib/table-state.ts';
import classes from './admin-users.module.css';
import { ImportDialog } from './import-dialog.tsx';
import { PersonDrawer } from './person-drawer.tsx';
import type { WebsiteAction } from './row-actions.tsx';
import { UsersTable } from './users-table.tsx';

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** /admin/users (spec 2 sections 2-9 "Users Management"): the two tabs, search, sort, pages and the row actions. */
export function UsersPage() {
  const reloads = useAdminUsersReloads();
  const [state, dispatch] = useReducer(tableReducer, initialTableState);
  const [searchText, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  const [feedback, setFeedback] = useState<FeedbackValue | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<WebsiteUserRow | null>(null);
  const [importing, setImporting] = useState<WebsiteUserRow | null>(null);
  const [personId, setPersonId] = useState<number | null>(null);
  const users = useUsers(state);

  useEffect(() => {
    dispatch({ type: 'search', q: debouncedSearch });
  }, [debouncedSearch]);

  const refresh = reloads.users;

  /** Runs one action: the server's message shows green, its refusal red, and the table reloads either way. */
  const run = async (action: () => Promise<{ message: string }>) => {
    setBusy(true);
    setFeedback(null);
    try {
      setFeedback({ ok: true, text: (await action()).message });
    } catch (error) {
      setFeedback(failureOf(error));
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const onAction = (row: WebsiteUserRow, action: WebsiteAction) => {
    const id = row.iTempUser_ID;
    switch (action) {
      case 'activate':
      case 'deactivate':
        return void run(() => userActions.activate(id, row.sEmail, action === 'activate'));
      case 'resend':
        return void run(() => userActions.resendVerification(id, row.sEmail, row.sFull_Name));
      case 'newPassword':
        return void run(() => userActions.newPassword(id, row.sEmail));
      case 'remove':
        return setRemoving(row);
      case 'import':
        setFeedback(null);
        return setImporting(row);
      case 'view':
        return setPersonId(row.iPSN_Id);
    }
  };

  const data = users.data?.type === state.tab ? users.data : undefined;
  const total = data?.total ?? 0;
  const pages = pageCount(total, data?.pageSize ?? adminUsersConstants.pageSize);
  const first = total === 0 ? 0 : (state.page - 1) * (data?.pageSize ?? adminUsersConstants.pageSize) + 1;
  const last = Math.min(total, first + (data?.data.length ?? 0) - 1);

  const table =
    users.isError && !data ? (
      <div role="alert" className={classes.state}>
        <p>{m.loadFailed}</p>
        <Button variant="outline" onClick={() => void users.refetch()}>
          {m.retry}
        </Button>
      </div>
    ) : state.tab === 'website' ? (
      <UsersTable
        type="website"
        state={state}
        rows={data?.data as WebsiteUserRow[] | undefined}
        busy={users.isFetching}
        onSort={(field) => dispatch({ type: 'sort', field })}
        onAction={onAction}
      />
    ) : (
      <UsersTable
        type="spyder"
        state={state}
        rows={data?.data as SpyderUserRow[] | undefined}
        busy={users.isFetching}
        onSort={(field) => dispatch({ type: 'sort', field })}
        onView={(row) => setPersonId(row.iPSN_Id)}
      />
    );

  return (
    <div className={classes.page}>
      <h1 className={classes.title}>{m.title}</h1>
      <Tabs
        value={state.tab}
        onChange={(tab) => {
          if (tab === 'website' || tab === 'spyder') dispatch({ type: 'tab', tab: tab as UsersType });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="website">{m.tabs.website}</Tabs.Tab>
          <Tabs.Tab value="spyder">{m.tabs.spyder}</Tabs.Tab>
        </Tabs.List>
        {(['website', 'spyder'] as const).map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            <div className={classes.page}>
              <div className={classes.toolbar}>
                <TextInput
                  className={classes.search}
                  type="search"
                  label={tab === 'website' ? m.searchLabel : m.searchSpyderLabel}
                  value={searchText}
                  maxLength={adminUsersConstants.searchMax}
                  onChange={(event) => setSearchText(event.currentTarget.value)}
                />
                {tab === 'website' && (
                  <SegmentedControl
                    aria-label={m.tabs.website}
                    value={state.view}
                    onChange={(view) => dispatch({ type: 'view', view: view as WebsiteView })}
                    data={[
                      { value: 'suggestions', label: m.websiteToggle.suggestions },
                      { value: 'all', label: m.websiteToggle.all },
                    ]}
                  />
                )}
              </div>
              <Feedback value={feedback} />
              {table}
              <div className={classes.footer}>
                <Text size="sm" className={classes.muted} aria-live="polite">
                  {data ? fill(m.screen.range, { from: first, to: last, total }) : ''}
                </Text>
                {pages > 1 && (
                  <Pager
                    total={pages}
                    value={state.page}
                    onChange={(page) => dispatch({ type: 'page', page })}
                    labels={{
                      nav: m.screen.pager,
                      page: (n) => fill(m.screen.page, { n }),
                      previous: m.screen.previousPage,
                      next: m.screen.nextPage,
                    }}
                  />
                )}
              </div>
            </div>
          </Tabs.Panel>
        ))}
      </Tabs>

      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={m.confirm.removeTitle}
        centered
      >
        <p>
          <strong>{removing?.sFull_Name}</strong> ({removing?.sEmail})
        </p>
        <p>{m.confirm.removeText}</p>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setRemoving(null)}>
            {m.confirm.cancel}
          </Button>
          <Button
            color="red.9"
            loading={busy}
            onClick={() => {
              const row = removing;
              setRemoving(null);
              if (row) void run(() => userActions.remove(row.iTempUser_ID));
            }}
          >
            {m.confirm.remove}
          </Button>
        </Group>
      </Modal>

      <ImportDialog user={importing} onClose={() => setImporting(null)} onImported={() => void refresh()} />
      <PersonDrawer personId={personId} onClose={() => setPersonId(null)} />
    </div>
  );
}
