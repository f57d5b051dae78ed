import '@mantine/core/styles/Table.css';
import { Anchor, Button, Loader, Table } from '@mantine/core';
import { messagesAdminUsers as m } from '@portal/contract';
import { Link } from 'react-router';
import { failureOf } from '../../../components/action-feedback.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useFirm } from '../api/admin-users-api.ts';
import classes from './admin-users.module.css';
import { seatsText } from './person-drawer.tsx';

/** /admin/firms/{id} (ours): the firm's name, e-mail domains, seats used of its limit and its people. */
export function FirmPage({ id }: { id: number }) {
  const firm = useFirm(id);
  if (firm.isPending) return <Loader size="sm" role="progressbar" aria-label={m.loading} />;
  if (firm.isError) {
    return (
      <div role="alert" className={classes.state}>
        <p>{failureOf(firm.error).text || m.screen.firmLoadFailed}</p>
        <Button variant="outline" onClick={() => void firm.refetch()}>
          {m.retry}
        </Button>
      </div>
    );
  }
  const data = firm.data;
  return (
    <div className={classes.page}>
      <Anchor component={Link} to="/admin/users">
        {m.title}
      </Anchor>
      <h1 className={classes.title}>{data.sName}</h1>
      <dl className={classes.facts}>
        <dt>{m.firm.seats}</dt>
        <dd>{seatsText(data)}</dd>
        <dt>{m.firm.domains}</dt>
        <dd>{data.domains.length > 0 ? data.domains.join(', ') : m.noData}</dd>
      </dl>
      <section className={classes.section} aria-labelledby="firm-members">
        <h2 id="firm-members" className={classes.sectionTitle}>
          {m.firm.members}
        </h2>
        <ScrollRegion className={classes.frame} labelledBy="firm-members">
          <Table className={classes.smallTable} striped verticalSpacing="sm" aria-labelledby="firm-members">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.columns.fullName}</Table.Th>
                <Table.Th>{m.columns.email}</Table.Th>
                <Table.Th>{m.columns.status}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.members.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={3} className={classes.empty}>
                    {m.noData}
                  </Table.Td>
                </Table.Tr>
              ) : (
                data.members.map((member) => (
                  <Table.Tr key={member.iPSN_Id}>
                    <Table.Td>{member.sPFN_FullName}</Table.Td>
                    <Table.Td>{member.email}</Table.Td>
                    <Table.Td>{member.websiteUser?.status ?? m.screen.noWebsiteUser}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      </section>
    </div>
  );
}
