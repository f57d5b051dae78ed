import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Pager, pagerItems } from './pager.tsx';

describe('pagerItems: ellipses above 6 pages (spec 1 section 9)', () => {
  it('lists every page up to 6', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(6, 3)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows the ends, the current page and its neighbours, and an ellipsis per gap from 7 pages', () => {
    expect(pagerItems(7, 1)).toEqual([1, 2, 3, 4, 'dots', 7]);
    expect(pagerItems(7, 4)).toEqual([1, 'dots', 3, 4, 5, 'dots', 7]);
    expect(pagerItems(7, 7)).toEqual([1, 'dots', 4, 5, 6, 7]);
    expect(pagerItems(20, 10)).toEqual([1, 'dots', 9, 10, 11, 'dots', 20]);
    expect(pagerItems(20, 3)).toEqual([1, 2, 3, 4, 'dots', 20]);
    expect(pagerItems(20, 18)).toEqual([1, 'dots', 17, 18, 19, 20]);
    // out of range: clamped
    expect(pagerItems(9, 0)).toEqual(pagerItems(9, 1));
    expect(pagerItems(9, 99)).toEqual(pagerItems(9, 9));
  });
});

function Harness({ total, start = 1 }: { total: number; start?: number }) {
  const [page, setPage] = useState(start);
  return (
    <MantineProvider>
      <Pager total={total} value={page} onChange={setPage} />
    </MantineProvider>
  );
}

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pages' }))
    .getAllByRole('button')
    .map((b) => b.textContent || b.getAttribute('aria-label'));

describe('Pager', () => {
  it('draws six pages without an ellipsis, and nothing for one page', () => {
    const { container, unmount } = render(<Harness total={6} />);
    expect(pageButtons()).toEqual(['Previous page', '1', '2', '3', '4', '5', '6', 'Next page']);
    expect(container.textContent).not.toMatch(/…/);
    unmount();
    render(<Harness total={1} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('draws ellipses from seven pages, moves with the current page and marks it', async () => {
    render(<Harness total={12} />);
    expect(pageButtons()).toEqual(['Previous page', '1', '2', '3', '4', '12', 'Next page']);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(pageButtons()).toEqual(['Previous page', '1', '3', '4', '5', '12', 'Next page']);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 12' }));
    expect(pageButtons()).toEqual(['Previous page', '1', '9', '10', '11', '12', 'Next page']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});
