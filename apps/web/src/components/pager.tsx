import '@mantine/core/styles/Pagination.css';
import { Group, Pagination } from '@mantine/core';
import { limits } from '@portal/contract';

export type PagerItem = number | 'dots';

/**
 * The pages a pager shows (spec 1 section 9: ellipses above 6 pages). Up to 6 pages: every page. Above: the
 * first and last page, the current page with one neighbour each side, and an ellipsis for each gap; near either
 * end the run of pages reaches the end (1 2 3 4 … 9, 1 … 6 7 8 9).
 */
export const pagerItems = (total: number, current: number): PagerItem[] => {
  if (total <= limits.paginationAllPagesMax)
    return Array.from({ length: Math.max(total, 0) }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), total);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (page <= 3) return [...range(1, 4), 'dots', total];
  if (page >= total - 2) return [1, 'dots', ...range(total - 3, total)];
  return [1, 'dots', page - 1, page, page + 1, 'dots', total];
};

export interface PagerLabels {
  /** the navigation's name, e.g. 'Pages' */
  nav: string;
  page: (n: number) => string;
  previous: string;
  next: string;
}

const defaultLabels: PagerLabels = {
  nav: 'Pages',
  page: (n) => `Page ${n}`,
  previous: 'Previous page',
  next: 'Next page',
};

/**
 * The one pagination of the app: numbered pages with previous and next, ellipses above 6 pages (spec 1
 * section 9). Nothing is drawn for a single page.
 */
export function Pager({
  total,
  value,
  onChange,
  labels = defaultLabels,
  className,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
  labels?: PagerLabels;
  className?: string;
}) {
  if (total <= 1) return null;
  return (
    <Pagination.Root total={total} value={value} onChange={onChange}>
      <Group component="nav" aria-label={labels.nav} gap={6} className={className}>
        <Pagination.Previous aria-label={labels.previous} />
        {pagerItems(total, value).map((item, index) =>
          item === 'dots' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two ellipses, told apart by their place
            <Pagination.Dots key={`dots-${index}`} aria-hidden="true" />
          ) : (
            <Pagination.Control
              key={item}
              active={item === value}
              aria-current={item === value ? 'page' : undefined}
              aria-label={labels.page(item)}
              onClick={() => onChange(item)}
            >
              {item}
            </Pagination.Control>
          ),
        )}
        <Pagination.Next aria-label={labels.next} />
      </Group>
    </Pagination.Root>
  );
}
