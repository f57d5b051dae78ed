import { type BlogInfo, messagesBlogs } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, client, fakeApi, labelled, renderApp } from '../../../test/render-app.tsx';

const m = messagesBlogs.admin;
const s = m.settings;

const blog = (key: string, topic: string): BlogInfo => ({
  key,
  topic,
  subtitle: messagesBlogs.defaultSubtitle,
  region: null,
  blogType: null,
  footerHTML: null,
  author: null,
  accessType: 'npi',
  selectedSectors: [],
  keyword: [],
});

describe('blog administration screens', () => {
  it.each([
    ['anonymous', null],
    ['a client', client],
  ] as const)('refuse %s on both routes without calling the admin API', async (_who, user) => {
    for (const path of ['/admin/favorites', '/admin/createPost?id=4']) {
      const { calls } = fakeApi(user);
      const view = renderApp(path);
      expect(await screen.findByText(m.adminOnly)).toHaveAttribute('role', 'alert');
      expect(
        calls.filter((call) => call.path !== '/users/me' && !call.path.startsWith('/getNavItems')),
      ).toEqual([]);
      view.unmount();
    }
  });

  it("adds a blog with the defaults and selects it; a refused delete shows the server's message", async () => {
    const user = userEvent.setup();
    const blogs = [blog('keyword1', 'Asia Strategy Notes')];
    const refusal = messagesBlogs.errors.blogHasPosts(3);
    const { calls } = fakeApi(admin, (call) => {
      if (call.path === '/blogs') return { body: { data: blogs } };
      if (call.method === 'POST' && call.path === '/blog/config') {
        const created = blog('4f1c2a70-0000-4000-8000-000000000001', s.newBlogTopic);
        blogs.push(created);
        return { body: { data: created } };
      }
      if (call.path === '/deleteFavourite')
        return { status: 400, body: { success: false, message: refusal } };
      return undefined;
    });
    const view = renderApp('/admin/favorites?tab=settings');
    expect(await screen.findByRole('textbox', { name: labelled(s.name) })).toHaveValue('Asia Strategy Notes');

    await user.click(screen.getByRole('button', { name: s.addNew }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: labelled(s.name) })).toHaveValue(s.newBlogTopic),
    );
    expect(calls.find((call) => call.path === '/blog/config')?.body).toEqual({
      topic: s.newBlogTopic,
      subtitle: messagesBlogs.defaultSubtitle,
      accessType: 'npi',
    });
    expect(view.location()).toContain('blog=4f1c2a70-0000-4000-8000-000000000001');
    expect(screen.getByRole('button', { name: s.newBlogTopic })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: s.deleteBlog }));
    const dialog = await screen.findByRole('dialog', { name: m.confirmDeleteBlogTitle });
    expect(dialog).toHaveTextContent(m.confirmDeleteBlog(s.newBlogTopic));
    await user.click(within(dialog).getByRole('button', { name: m.confirm }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/deleteFavourite')?.search).toContain(
      'key=4f1c2a70-0000-4000-8000-000000000001',
    );
  });
});
