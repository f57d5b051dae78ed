import { Button, Loader, Modal, Table, VisuallyHidden } from '@mantine/core';
import { blogLimits, messagesBlogs } from '@portal/contract';
import { useState } from 'react';
import { ErrorState } from '../../../components/load-states.tsx';
import { Pager } from '../../../components/pager.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { usePostStats } from '../api/blogs-queries.ts';
import { formatMinutes } from '../lib/blog-view.ts';
import classes from './blogs.module.css';

const text = messagesBlogs.stats;

function StatsBody({ postId }: { postId: number }) {
  const [page, setPage] = useState(1);
  const stats = usePostStats(postId, page, true);
  if (stats.isPending) return <Loader size="sm" role="progressbar" aria-label={text.title} />;
  if (stats.isError)
    return (
      <ErrorState
        message={text.loadFailed}
        onRetry={() => void stats.refetch()}
        retryLabel={messagesBlogs.reader.retry}
      />
    );
  const { data, total, averageMinutes } = stats.data;
  if (total === 0) return <p className={classes.muted}>{text.empty}</p>;
  const pages = Math.max(1, Math.ceil(total / blogLimits.statsPageSize));
  const anyEstimated = data.some((row) => !row.measured);
  return (
    <div className={classes.post}>
      <p className={classes.postMeta}>
        <strong>{text.average(formatMinutes(averageMinutes))}</strong>
        <span>{text.visits(total)}</span>
      </p>
      {/* Below the table's width (phones) it scrolls sideways rather than squeezing each date onto four lines;
          the region takes the keyboard focus so that it can be scrolled without a pointer. */}
      <ScrollRegion className={classes.tableScroll} busy={stats.isFetching} label={text.title}>
        <Table striped withTableBorder className={classes.statsTable}>
          {/* The dialog's title says it already: the caption names the table for screen readers only. */}
          <Table.Caption>
            <VisuallyHidden>{text.title}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{text.columns.name}</Table.Th>
              <Table.Th scope="col">{text.columns.company}</Table.Th>
              <Table.Th scope="col">{text.columns.entry}</Table.Th>
              <Table.Th scope="col">{text.columns.exit}</Table.Th>
              <Table.Th scope="col">{text.columns.minutes}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row, index) => (
              // Rows have no id of their own; a page is replaced whole, never reordered in place.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={`${row.dLogTimeUtc}-${index}`}>
                <Table.Td>{row.sName}</Table.Td>
                <Table.Td>{row.sCompanyName}</Table.Td>
                <Table.Td>{formatDate(row.dLogTimeUtc, 'dayClock')}</Table.Td>
                <Table.Td>{formatDate(row.dExitTimeUtc, 'dayClock')}</Table.Td>
                <Table.Td>
                  {formatMinutes(row.minutes)}
                  {!row.measured && <span className={classes.estimated}>{text.estimated}</span>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      {anyEstimated && <p className={classes.muted}>{text.estimatedNote}</p>}
      <Pager total={pages} value={page} onChange={setPage} />
    </div>
  );
}

/** "Post statistics" (admin, spec 2 section 9): the post's visits, 15 a page, and the average time spent. */
export function PostStatsButton({ postId }: { postId: number }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpened(true)}>
        {messagesBlogs.reader.statistics}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={text.title} size="xl">
        {opened && <StatsBody postId={postId} />}
        <Button mt="md" variant="default" onClick={() => setOpened(false)}>
          {text.close}
        </Button>
      </Modal>
    </>
  );
}
