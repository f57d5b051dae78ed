import {
  copyLinkTexts,
  messages,
  messagesResearch,
  type ReportViewerReply,
  refusedReportMessages,
  viewerMessages,
} from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Call, client, fakeApi, parameterReply, renderApp } from '../../../test/render-app.tsx';
import { reportFixture } from '../../../test/research-fixtures.ts';

const viewerReply = (
  overrides: Partial<ReportViewerReply['data']['report']> = {},
  copyLinks: ReportViewerReply['data']['copyLinks'] = [],
): ReportViewerReply => ({
  success: true,
  data: {
    report: {
      ...reportFixture({ id: 7, title: 'Asia strategy podcast', filetype: 'mp3', saved: false }),
      analysts: [{ id: 5, name: 'Mei Lin Chan', image_path: null, sJobCat: 'Analysts' }],
      fileUrl: '/files/abc.def',
      fileUrlExpiresAt: '2026-01-01T00:05:00Z',
      pageCount: null,
      apiId: 'S-7',
      ...overrides,
    },
    related: [
      reportFixture({
        id: 8,
        title: 'Memory upcycle',
        analysts: [{ id: 6, name: 'Ken Mizuno', image_path: null }],
      }),
      reportFixture({ id: 9, title: 'Webinar replay', video: 'v-42', analysts: [] }),
    ],
    watermarks: [],
    copyLinks,
  },
});

const viewerReplyFor = (_call: Call) => ({ body: viewerReply() });

const viewerApi = (reply: { status?: number; body: unknown }, parameters: Record<string, string> = {}) =>
  fakeApi(client, (call: Call) => {
    if (call.method === 'GET' && call.path === '/report/S-7') return reply;
    const parameter = parameterReply(call, parameters);
    if (parameter) return parameter;
    if (call.method === 'POST' && call.path === '/reports/save/') return { body: { success: true } };
    if (call.method === 'POST' && call.path.startsWith('/report/S-7/access/'))
      return { body: { success: true } };
    // Progress is never the reader's concern: a failing save must not show anywhere.
    if (call.method === 'PUT' && call.path === '/report/S-7/progress')
      return { status: 500, body: { success: false, message: 'down' } };
    return undefined;
  });

describe('report viewer', () => {
  it('shows the header, analysts, booking link, related items and the player, and logs the access', async () => {
    const api = viewerApi(
      { body: viewerReply() },
      { bEnableConnectBookings: '1', rw_CNTBkTalkToThe: 'Talk to Mei' },
    );
    renderApp('/reports/7_asia-strategy-podcast');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Asia strategy podcast' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mei Lin Chan' })).toHaveAttribute(
      'href',
      '/analysts/5_mei-lin-chan',
    );
    expect(await screen.findByRole('link', { name: 'Talk to Mei' })).toHaveAttribute(
      'href',
      '/connect/appointment/5',
    );
    const related = screen.getByRole('complementary', { name: viewerMessages.relatedReports });
    expect(within(related).getByRole('link', { name: 'Memory upcycle' })).toHaveAttribute(
      'href',
      '/reports/8_memory-upcycle',
    );
    expect(within(related).getByRole('link', { name: 'Webinar replay' })).toHaveAttribute(
      'href',
      '/connect/videos/v-42',
    );
    expect(within(related).getByRole('link', { name: 'Ken Mizuno' })).toHaveAttribute(
      'href',
      '/analysts/6_ken-mizuno',
    );
    const audio = await screen.findByLabelText('Asia strategy podcast', { selector: 'audio' });
    expect(audio).toHaveAttribute('src', '/api/files/abc.def');
    expect(audio).toHaveTextContent(viewerMessages.audioUnsupported);
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/report/S-7/access/dAcsFree')).toBe(
        true,
      ),
    );
    expect(document.body).toHaveAttribute('data-report-page');
  });

  it('reports how far the reader got: at once, then throttled, then on leaving with keepalive', async () => {
    const api = viewerApi({ body: viewerReply() });
    renderApp('/reports/7_x');
    const audio = await screen.findByLabelText('Asia strategy podcast', { selector: 'audio' });
    const playAt = (seconds: number) => {
      Object.defineProperty(audio, 'duration', { value: 200, configurable: true });
      Object.defineProperty(audio, 'currentTime', { value: seconds, configurable: true });
      fireEvent.timeUpdate(audio);
    };
    const progress = () => api.calls.filter((c) => c.method === 'PUT' && c.path === '/report/S-7/progress');
    playAt(50);
    await waitFor(() => expect(progress()).toHaveLength(1));
    expect(progress()[0]?.body).toEqual({ fraction: 0.25 });
    expect(progress()[0]?.headers['x-csrf-token']).toBe('csrf-from-server');
    playAt(120);
    playAt(80);
    await new Promise((r) => setTimeout(r, 50));
    expect(progress()).toHaveLength(1);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(progress()).toHaveLength(2));
    expect(progress()[1]?.body).toEqual({ fraction: 0.6 });
    const init = api.fetchMock.mock.calls.findLast(([url]) => String(url).endsWith('/progress'))?.[1];
    expect(init?.keepalive).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hides the booking link unless bookings are enabled', async () => {
    viewerApi({ body: viewerReply() }, { bEnableConnectBookings: '0', rw_CNTBkTalkToThe: 'Talk to Mei' });
    renderApp('/reports/7');
    await screen.findByRole('heading', { level: 1, name: 'Asia strategy podcast' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: 'Talk to Mei' })).not.toBeInTheDocument();
  });

  it('saves with status 1, then unsaves with status 0', async () => {
    const api = viewerApi({ body: viewerReply() });
    renderApp('/reports/7_x');
    const save = await screen.findByRole('button', { name: messagesResearch.saveReport });
    await userEvent.click(save);
    const unsave = await screen.findByRole('button', { name: messagesResearch.unsaveReport });
    await userEvent.click(unsave);
    await screen.findByRole('button', { name: messagesResearch.saveReport });
    const bodies = api.calls.filter((c) => c.path === '/reports/save/').map((c) => c.body);
    expect(bodies).toEqual([
      { id: 7, status: 1 },
      { id: 7, status: 0 },
    ]);
  });

  it("offers an admin's custom links to copy, saying 'Copied' or 'Internal Error'", async () => {
    const links = [
      { name: copyLinkTexts.thisReport, url: 'https://research.example.com/reports/7_asia-strategy-podcast' },
      { name: 'Bloomberg', url: 'https://blinks.example.com/research?id=7' },
    ];
    viewerApi({ body: viewerReply({}, links) });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/reports/7_x');
    await userEvent.click(await screen.findByRole('button', { name: copyLinkTexts.menu }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Bloomberg' }));
    expect(writeText).toHaveBeenCalledWith('https://blinks.example.com/research?id=7');
    expect(await screen.findByText(copyLinkTexts.copied)).toBeInTheDocument();

    writeText.mockRejectedValueOnce(new Error('denied'));
    await userEvent.click(screen.getByRole('button', { name: copyLinkTexts.menu }));
    await userEvent.click(await screen.findByRole('menuitem', { name: copyLinkTexts.thisReport }));
    expect(await screen.findByText(copyLinkTexts.failed)).toBeInTheDocument();
  });

  it('shows no custom copy-link menu to a reader (the server sends none)', async () => {
    viewerApi({ body: viewerReply() });
    renderApp('/reports/7_x');
    await screen.findByRole('button', { name: 'Copy link' });
    expect(screen.queryByRole('button', { name: copyLinkTexts.menu })).not.toBeInTheDocument();
  });

  it('copies the report link with the notice, and full screen hides the related reports', async () => {
    viewerApi({ body: viewerReply() });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/reports/7_x');
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(messages.notices.linkCopied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/reports/7_asia-strategy-podcast`);

    const fullScreen = screen.getByRole('button', { name: 'Full screen' });
    await userEvent.click(fullScreen);
    expect(fullScreen).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.queryByRole('complementary', { name: viewerMessages.relatedReports }),
    ).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(
      await screen.findByRole('complementary', { name: viewerMessages.relatedReports }),
    ).toBeInTheDocument();
  });

  it('sends an anonymous reader to /login with the report as the redirect', async () => {
    viewerApi({ status: 401, body: { success: false, error: 'requiredLogin' } });
    const view = renderApp('/reports/7_x?from=mail');
    await waitFor(() =>
      expect(view.location()).toBe(`/login?redirectUrl=${encodeURIComponent('/reports/7_x?from=mail')}`),
    );
  });

  it('shows any other error as sanitised HTML with the Signup Preferences button', async () => {
    viewerApi({
      status: 403,
      body: {
        success: false,
        error: `<p>${viewerMessages.notEntitled}</p><script>window.hacked = 1</script><img src=x onerror="window.hacked=1">`,
      },
    });
    renderApp('/reports/7_x');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(viewerMessages.notEntitled);
    expect(alert.querySelector('script, img')).toBeNull();
    expect(within(alert).getByRole('link', { name: viewerMessages.signupPreferences })).toHaveAttribute(
      'href',
      '/subscriptionPreference/home',
    );
  });

  it('leads a refused report to the subscription preferences, with client services as a second way', async () => {
    viewerApi({
      status: 403,
      body: {
        success: false,
        error: `<p>${viewerMessages.notEntitled}</p>`,
        report: {
          id: 7,
          apiId: 'S-7',
          title: 'Asia strategy',
          published_date: '2026-01-05T00:00:00.000Z',
          description: '',
          analysts: [],
          sectors: [],
        },
      },
    });
    renderApp('/reports/7_x');
    const request = await screen.findByRole('link', { name: refusedReportMessages.requestAccess });
    expect(request).toHaveAttribute('href', '/subscriptionPreference/home');
    const mail = screen.getAllByRole('link').find((link) => link.getAttribute('href')?.startsWith('mailto:'));
    expect(decodeURIComponent(mail?.getAttribute('href')?.split('subject=')[1] ?? '')).toBe(
      `${refusedReportMessages.requestSubject}Asia strategy`,
    );
  });

  it('goes home for 101010 and opens the webcast in a new window', async () => {
    viewerApi({ body: viewerReply() }, { rw_WebcastUrl: 'https://webcast.example/live' });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const view = renderApp('/reports/101010_webcast');
    await waitFor(() => expect(view.location()).toBe('/'));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://webcast.example/live', '_blank', 'noopener,noreferrer'),
    );
  });

  it('asks an rfs reader on a new device to verify it or sign in, and opens the report with the notice', async () => {
    fakeApi(null, (call: Call) => {
      if (call.method === 'GET' && call.path === '/report' && call.search === '?accessKey=k-1')
        return { status: 403, body: { success: false, error: 'createNewCookie' } };
      return undefined;
    });
    renderApp('/rfs.htm?rfsUrl=%2Freports%2F7_x&rcptId=3&docId=7&a=k-1');
    expect(await screen.findByRole('heading', { name: viewerMessages.deviceCheckTitle })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in with your password' })).toBeInTheDocument();
    // Spec 1 section 2.2: no footer in the rfs view (the report pages keep theirs).
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();

    fakeApi(null, (call: Call) =>
      call.method === 'GET' && call.path === '/report' ? viewerReplyFor(call) : undefined,
    );
    renderApp('/rfs.htm?a=k-1&confirmDevice=1');
    expect(
      await screen.findAllByRole('heading', { level: 1, name: 'Asia strategy podcast' }),
    ).not.toHaveLength(0);
    expect(screen.getAllByText(messages.notices.deviceVerified.trim()).length).toBeGreaterThan(0);
  });

  it('shows the 404 page for an address that names no report', async () => {
    fakeApi(client);
    renderApp('/reports/not-a-report');
    expect(await screen.findByRole('heading', { name: messages.pages.notFound })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
