import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Table.css';
import { Anchor, Button, Drawer, Loader, NativeSelect, Table } from '@mantine/core';
import { type AdminPerson, messagesAdminUsers as m, matrixConstants } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Feedback, type FeedbackValue, failureOf } from '../../../components/action-feedback.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { changeMatrix, useAdminUsersReloads, useMatrixItems, usePerson } from '../api/admin-users-api.ts';
import classes from './admin-users.module.css';

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

export const seatsText = (firm: { seatsUsed: number; seatLimit: number }) =>
  fill(m.screen.seatsOf, { used: firm.seatsUsed, limit: firm.seatLimit });

/** A person's subscriptions and history (from either tab): firm and seats, the matrix, the audit log. */
export function PersonDrawer({ personId, onClose }: { personId: number | null; onClose: () => void }) {
  const person = usePerson(personId);
  return (
    <Drawer
      opened={personId !== null}
      onClose={onClose}
      position="right"
      size="min(100vw, 40rem)"
      title={person.data ? `${m.person.title}: ${person.data.sPFN_FullName}` : m.person.title}
      closeButtonProps={{ 'aria-label': m.screen.close }}
    >
      {person.isPending ? (
        <Loader size="sm" role="progressbar" aria-label={m.loading} />
      ) : person.isError ? (
        <div role="alert" className={classes.state}>
          <p>{failureOf(person.error).text || m.screen.personLoadFailed}</p>
          <Button variant="outline" onClick={() => void person.refetch()}>
            {m.retry}
          </Button>
        </div>
      ) : (
        <PersonView key={person.data.iPSN_Id} person={person.data} />
      )}
    </Drawer>
  );
}

function PersonView({ person }: { person: AdminPerson }) {
  const reloads = useAdminUsersReloads();
  const [feedback, setFeedback] = useState<FeedbackValue | null>(null);
  const [busy, setBusy] = useState(false);
  const [choice, setChoice] = useState('');
  const items = useMatrixItems(true);
  const subscribed = new Set(
    person.matrix.filter((e) => e.statusId === matrixConstants.subscriberZ).map((e) => e.itemId),
  );
  const grantable = (items.data ?? []).filter((item) => !subscribed.has(item.id));

  const change = async (what: { grant: number } | { revoke: number }) => {
    setBusy(true);
    setFeedback(null);
    try {
      await changeMatrix(person, what);
      setFeedback({ ok: true, text: 'grant' in what ? m.screen.granted : m.screen.revoked });
      setChoice('');
    } catch (error) {
      setFeedback(failureOf(error));
    } finally {
      setBusy(false);
      // The drawer reloads: the matrix and the audit entry the change wrote.
      await reloads.person(person.iPSN_Id);
    }
  };

  return (
    <div className={classes.page}>
      <dl className={classes.facts}>
        <dt>{m.screen.email}</dt>
        <dd>{person.email}</dd>
        <dt>{m.screen.status}</dt>
        <dd>{person.websiteUser?.status ?? m.screen.noWebsiteUser}</dd>
        <dt>{m.columns.firm}</dt>
        <dd>
          {person.firm ? (
            <Anchor component={Link} to={`/admin/firms/${person.firm.id}`}>
              {person.firm.sName}
            </Anchor>
          ) : (
            m.screen.noFirm
          )}
        </dd>
        {person.firm && (
          <>
            <dt>{m.person.seats}</dt>
            <dd>{seatsText(person.firm)}</dd>
          </>
        )}
      </dl>

      <Feedback value={feedback} />

      <section className={classes.section} aria-labelledby="person-matrix">
        <h3 id="person-matrix" className={classes.sectionTitle}>
          {m.person.matrix}
        </h3>
        {person.matrix.length === 0 ? (
          <p className={classes.muted}>{m.person.noMatrix}</p>
        ) : (
          <Table aria-labelledby="person-matrix" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.screen.product}</Table.Th>
                <Table.Th>{m.screen.statusColumn}</Table.Th>
                <Table.Th>{m.screen.change}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {person.matrix.map((entry) => {
                const isSubscriber = entry.statusId === matrixConstants.subscriberZ;
                return (
                  <Table.Tr key={entry.itemId}>
                    <Table.Td>{entry.name}</Table.Td>
                    <Table.Td>{entry.statusName}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant={isSubscriber ? 'default' : 'filled'}
                        disabled={busy}
                        aria-label={`${isSubscriber ? m.person.revoke : m.person.grant}: ${entry.name}`}
                        onClick={() =>
                          void change(isSubscriber ? { revoke: entry.itemId } : { grant: entry.itemId })
                        }
                      >
                        {isSubscriber ? m.person.revoke : m.person.grant}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        <form
          className={classes.grant}
          onSubmit={(event) => {
            event.preventDefault();
            if (choice) void change({ grant: Number(choice) });
          }}
        >
          <NativeSelect
            label={m.screen.chooseProduct}
            value={choice}
            onChange={(event) => setChoice(event.currentTarget.value)}
            data={[
              { value: '', label: '—' },
              ...grantable.map((i) => ({ value: String(i.id), label: i.name })),
            ]}
            disabled={items.isPending}
          />
          <Button type="submit" disabled={busy || !choice}>
            {m.person.addProduct}
          </Button>
        </form>
      </section>

      <section className={classes.section} aria-labelledby="person-audit">
        <h3 id="person-audit" className={classes.sectionTitle}>
          {m.person.audit}
        </h3>
        {person.audit.length === 0 ? (
          <p className={classes.muted}>{m.person.noAudit}</p>
        ) : (
          <ul className={classes.audit}>
            {person.audit.map((entry) => (
              <li key={entry.id}>
                <strong>{entry.action}</strong> · {entry.actor} · {formatDate(entry.at, 'dayTime') || m.never}
                {entry.detail && <div className={classes.muted}>{entry.detail}</div>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
