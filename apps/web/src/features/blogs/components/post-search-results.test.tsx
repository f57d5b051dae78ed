import { messagesBlogs as mb } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { client, fakeApi, renderApp } from '../../../test/render-app.tsx';

const hit = (id: number, entitled: boolean, snippet: string | null) => ({
  id,
  title: `Copper note ${id}`,
  key: 'keyword1',
  blogTopic: 'Metals Weekly',
  published_date: '2026-03-02T10:00:00Z',
  entitled,
  snippet,
});

describe('posts in the site search', () => {
  it('lists matching posts above the reports: title link, blog, the snippet with its marks, or a lock', async () => {
    const { calls } = fakeApi(client, (call) => {
      if (call.path !== '/posts/search') return undefined;
      const cursor = new URLSearchParams(call.search).get('cursor');
      return cursor
        ? { body: { data: [hit(3, true, 'more <mark>copper</mark>')], total: 3, next: null } }
        : {
            body: {
              data: [
                hit(1, true, 'Spot <mark>copper</mark> &lt;img src=x onerror=alert(1)&gt; fell'),
                hit(2, false, null),
              ],
              total: 3,
              next: 'c2',
            },
          };
    });
    const { container } = renderApp('/search?q=copper');
    const group = await screen.findByRole('region', { name: /^Posts/ });
    expect(new URLSearchParams(calls.find((c) => c.path === '/posts/search')?.search).get('q')).toBe(
      'copper',
    );
    expect(await within(group).findByRole('link', { name: 'Copper note 1' })).toHaveAttribute(
      'href',
      '/post/1',
    );
    expect(within(group).getAllByRole('link', { name: 'Metals Weekly' })[0]).toHaveAttribute(
      'href',
      '/blogs/keyword1',
    );
    // The snippet's only markup is <mark>; anything else shows as text, never as an element.
    expect(group.querySelector('mark')).toHaveTextContent('copper');
    expect(within(group).getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(container.querySelector('img[onerror], main img')).toBeNull();
    const locked = within(group).getByRole('link', { name: 'Copper note 2' }).closest('li')!;
    expect(locked).toHaveTextContent(mb.search.lockedSnippet);

    await userEvent.click(within(group).getByRole('button', { name: mb.reader.loadMore }));
    expect(await within(group).findByRole('link', { name: 'Copper note 3' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/posts/search').at(-1)?.search).toContain('cursor=c2');
    expect(within(group).queryByRole('button', { name: mb.reader.loadMore })).not.toBeInTheDocument();
  });
});
