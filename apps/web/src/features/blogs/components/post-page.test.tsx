import { messagesBlogs as mb } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { admin, type Call, client, fakeApi, renderApp } from '../../../test/render-app.tsx';
import { resetPostVisits } from '../hooks/use-post-visit.ts';

const visit = '6f1c2b9e-8f7d-4c1a-9b2e-3d4c5b6a7f80';
const blog = {
  key: 'keyword1',
  topic: 'Metals Weekly',
  subtitle: 'Copper and the rest',
  region: null,
  blogType: null,
  footerHTML: '<p>Not investment advice.</p>',
  author: { id: null, name: 'Dana Whitlock', email: 'dana@example.com', extraHTML: '<p>Metals analyst.</p>' },
  accessType: 'npi',
  selectedSectors: [],
  keyword: [],
};
const meta = {
  id: 7,
  title: 'Copper after the strike',
  key: 'keyword1',
  created_at: '2026-03-01T10:00:00Z',
  published_at: '2026-03-02T10:00:00Z',
  requiresLogin: true,
  readMinutes: 3,
};
const post = {
  ...meta,
  html: '<p>Treatment charges fell again.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
  draft: null,
  publish: true,
  updated_at: '2026-03-02T10:00:00Z',
};
const refusal = (requiresLogin: boolean, error: string) => ({
  success: false,
  error,
  requiresLogin,
  post: meta,
  blog,
});
const side = { data: [], mustRead: [], mostViewed: [] };

const common = (call: Call) => {
  if (call.path === '/post/associatedResearch/7') return { body: side };
  if (call.path === '/blogs') return { body: { data: [blog] } };
  if (call.path === '/blog/getPosts') return { body: { data: [], next: null } };
  if (call.path === '/getNavItems') return { body: { data: [] } };
  if (call.path.startsWith('/post/heartbeat/')) return { body: { success: true } };
  if (call.path.startsWith('/post/leave/')) return { body: { success: true } };
  return undefined;
};

describe('post page', () => {
  beforeEach(() => resetPostVisits());

  it('sends an anonymous reader of a post that needs sign-in to /login, this page as the way back', async () => {
    fakeApi(null, (call) =>
      call.path === '/post/7' ? { status: 401, body: refusal(true, mb.refusal.signIn) } : common(call),
    );
    const app = renderApp('/post/7');
    await waitFor(() => expect(app.location()).toBe('/login?redirectUrl=%2Fpost%2F7'));
  });

  it("shows a signed-in reader's refusal (sanitised HTML) with the post's title and blog, and no body", async () => {
    fakeApi(client, (call) =>
      call.path === '/post/7'
        ? {
            status: 403,
            body: refusal(false, '<p>This post is for subscribers to Metals.</p><script>alert(1)</script>'),
          }
        : common(call),
    );
    const { container } = renderApp('/post/7');
    expect(await screen.findByRole('heading', { level: 1, name: meta.title })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This post is for subscribers to Metals.');
    expect(screen.getByRole('link', { name: mb.reader.backToBlog(blog.topic) })).toHaveAttribute(
      'href',
      '/blogs/keyword1',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(screen.queryByText(/Treatment charges/)).not.toBeInTheDocument();
  });

  it('reads a 404 as a post that is not there', async () => {
    fakeApi(client, (call) =>
      call.path === '/post/7' ? { status: 404, body: { message: 'gone' } } : common(call),
    );
    renderApp('/post/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: mb.reader.postNotFound }),
    ).toBeInTheDocument();
  });

  it('renders the post safely and sends the leave once, with the CSRF header and keepalive, on leaving it', async () => {
    const { calls, fetchMock } = fakeApi(client, (call) =>
      call.path === '/post/7' ? { body: { success: true, data: { post, blog, visit } } } : common(call),
    );
    const { container } = renderApp('/post/7');
    expect(await screen.findByText('Treatment charges fell again.')).toBeInTheDocument();
    expect(container.querySelector('script, [onerror]')).toBeNull();
    expect(screen.getByText('Not investment advice.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dana@example.com' })).toHaveAttribute(
      'href',
      'mailto:dana@example.com',
    );
    // Statistics and editing are the admin's.
    expect(screen.queryByRole('button', { name: mb.reader.statistics })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/post/leave/'))).toHaveLength(0);

    await userEvent.click(screen.getByRole('link', { name: mb.reader.backToBlog(blog.topic) }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/post/leave/7')).toHaveLength(1));
    const leave = calls.find((c) => c.path === '/post/leave/7')!;
    expect(new URLSearchParams(leave.search).get('visit')).toBe(visit);
    expect(leave.headers['x-csrf-token']).toBe('csrf-from-server');
    const init = fetchMock.mock.calls.find(([url]) => String(url).includes('/post/leave/7'))?.[1];
    expect(init?.keepalive).toBe(true);
    window.dispatchEvent(new Event('pagehide'));
    expect(calls.filter((c) => c.path === '/post/leave/7')).toHaveLength(1);
  });

  it("gives the admin the statistics (15 a page, 'estimated' for unmeasured visits) and the edit link", async () => {
    const rows = [
      {
        sName: 'Ada Byron',
        sCompanyName: 'Engines',
        dLogTimeUtc: '2026-03-02T10:00:00Z',
        dExitTimeUtc: '2026-03-02T10:03:30Z',
        minutes: 3.5,
        measured: true,
      },
      {
        sName: 'Charles Babbage',
        sCompanyName: 'Engines',
        dLogTimeUtc: '2026-03-02T09:00:00Z',
        dExitTimeUtc: null,
        minutes: 2,
        measured: false,
      },
    ];
    const { calls } = fakeApi(admin, (call) => {
      if (call.path === '/post/7') return { body: { success: true, data: { post, blog, visit: null } } };
      if (call.path === '/post/stat/7') {
        const page = Number(new URLSearchParams(call.search).get('page'));
        return { body: { data: page === 1 ? rows : [rows[0]], total: 16, page, averageMinutes: 2.75 } };
      }
      return common(call);
    });
    renderApp('/post/7');
    expect(await screen.findByRole('link', { name: mb.reader.edit })).toHaveAttribute(
      'href',
      '/admin/createPost?id=7',
    );
    await userEvent.click(await screen.findByRole('button', { name: mb.reader.statistics }));
    const dialog = await screen.findByRole('dialog', { name: mb.stats.title });
    expect(await screen.findByText(mb.stats.average('2.75'))).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Charles Babbage');
    expect(screen.getByText('3.50')).toBeInTheDocument();
    expect(screen.getAllByText(mb.stats.estimated)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/post/stat/7' && c.search === '?page=2')).toBe(true),
    );
    await waitFor(() => expect(dialog).not.toHaveTextContent('Charles Babbage'));
  });
});
