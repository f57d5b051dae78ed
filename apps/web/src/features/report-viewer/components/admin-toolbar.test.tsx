import { type ReportViewerReply, viewerAdminMessages } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../../../lib/api-client.ts';
import {
  admin,
  type Call,
  client,
  fakeApi,
  parameterReply,
  renderWithProviders,
} from '../../../test/render-app.tsx';
import { reportFixture } from '../../../test/research-fixtures.ts';
import { ReportViewerPage } from './report-viewer-page.tsx';

/** The viewer alone at its route (the app's route table is not what these tests are about). */
const renderViewer = () => {
  resetCsrfToken();
  const router = createMemoryRouter(
    [
      {
        path: '/reports/:segment',
        element: <ReportViewerPage source={{ apiId: 'S-7' }} saveButton={() => null} />,
      },
    ],
    { initialEntries: ['/reports/7_asia-strategy-podcast'] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
};

const m = viewerAdminMessages;

// pdf.js does not run in jsdom: a stand-in page with a text layer (the selection is what the toolbar reads).
vi.mock('./pdf-view.tsx', () => ({
  default: () => (
    <div className="textLayer" data-testid="text-layer">
      <span>Memory prices rise a further 15% in the second half.</span>
    </div>
  ),
}));

const viewerReply = (overrides: Partial<ReportViewerReply['data']['report']> = {}): ReportViewerReply => ({
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
    related: [],
    watermarks: [],
    copyLinks: [],
  },
});

const managementRow = (type: 'latest' | 'highlighted') => ({
  id: 7,
  title: 'Asia strategy podcast',
  published_date: '2026-01-01T00:00:00Z',
  type,
  isTempReport: false,
  mustRead: false,
  specialSelect: false,
  selectableFrom: '2026-01-08T00:00:00Z',
  state: 'published',
  sector: null,
  analyst: { id: 5, name: 'Mei Lin Chan' },
});

const viewerApi = (
  user: typeof admin,
  reply: ReportViewerReply,
  extra: (call: Call) => { status?: number; body: unknown } | undefined = () => undefined,
) =>
  fakeApi(user, (call: Call) => {
    if (call.method === 'GET' && call.path === '/report/S-7') return { body: reply };
    const parameter = parameterReply(call, {});
    if (parameter) return parameter;
    if (call.method === 'POST' && call.path.startsWith('/report/S-7/access/'))
      return { body: { success: true } };
    if (call.method === 'PUT' && call.path === '/report/S-7/progress') return { body: { success: true } };
    // A PDF's file: not a PDF here (the renderer falls back to its link), the toolbar is what is tested.
    if (call.method === 'GET' && call.path === '/files/abc.def') return { status: 404, body: {} };
    return extra(call);
  });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the viewer's admin toolbar", () => {
  it('is not there for a client: no admin actions, no photo upload', async () => {
    viewerApi(client, viewerReply({ filetype: 'pdf' }));
    renderViewer();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Asia strategy podcast' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'Report actions' })).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: m.toolbar })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.downloadPdf })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.uploadPhotoOf('Mei Lin Chan') })).not.toBeInTheDocument();
  });

  it('highlights and unhighlights through the management call, showing the state, the wait and the result', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const api = viewerApi(admin, viewerReply(), (call) => {
      if (call.method === 'POST' && call.path === '/report/7/highlight')
        return new Promise((resolve) => {
          answer = resolve;
        }) as never;
      return undefined;
    });
    renderViewer();
    const bar = await screen.findByRole('toolbar', { name: m.toolbar });
    // Not a PDF: no download, no tiles.
    expect(within(bar).queryByRole('button', { name: m.downloadPdf })).not.toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: m.socialTiles })).not.toBeInTheDocument();
    const toggle = within(bar).getByRole('button', { name: m.highlight });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle);
    const pending = within(bar).getByRole('button', { name: m.highlighting });
    expect(pending).toBeDisabled();
    const call = api.calls.find((c) => c.path === '/report/7/highlight');
    expect(call?.body).toEqual({ status: true });
    expect(call?.headers['x-csrf-token']).toBe('csrf-from-server');
    answer({ body: { success: true, report: managementRow('highlighted') } });
    expect(await screen.findByText(m.highlighted)).toBeInTheDocument();
    const on = within(bar).getByRole('button', { name: m.unhighlight });
    expect(on).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(on);
    expect(api.calls.filter((c) => c.path === '/report/7/highlight').at(-1)?.body).toEqual({ status: false });
    answer({ body: { success: true, report: managementRow('latest') } });
    expect(await screen.findByText(m.unhighlighted)).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: m.highlight })).toHaveAttribute('aria-pressed', 'false');
  });

  it("says the server's refusal when highlighting fails", async () => {
    viewerApi(admin, viewerReply(), (call) =>
      call.path === '/report/7/highlight'
        ? { status: 404, body: { success: false, message: 'There is no such report.' } }
        : undefined,
    );
    renderViewer();
    await userEvent.click(await screen.findByRole('button', { name: m.highlight }));
    expect(await screen.findByText('There is no such report.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.highlight })).toHaveAttribute('aria-pressed', 'false');
  });

  it('downloads the PDF once however fast the button is pressed, named after the title', async () => {
    const pdf = btoa('%PDF-1.7 fake');
    const api = viewerApi(admin, viewerReply({ filetype: 'pdf' }), (call) =>
      call.method === 'GET' && call.path === '/reports/downloadPdf/S-7/1'
        ? { body: { success: true, data: pdf } }
        : undefined,
    );
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:pdf';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderViewer();
    const download = await screen.findByRole('button', { name: m.downloadPdf });
    await userEvent.click(download);
    await userEvent.click(screen.getByRole('button', { name: /Download PDF|Preparing/ }));
    await waitFor(() => expect(names).toEqual(['asia-strategy-podcast.pdf']));
    // Within the second, a third press does nothing either.
    await userEvent.click(screen.getByRole('button', { name: m.downloadPdf }));
    expect(api.calls.filter((c) => c.path.startsWith('/reports/downloadPdf/'))).toHaveLength(1);
    expect(created[0]?.type).toBe('application/pdf');
    expect(await created[0]?.text()).toBe('%PDF-1.7 fake');
  });

  it('offers social tiles on a PDF: the tile button waits for a selection in the document', async () => {
    viewerApi(admin, viewerReply({ filetype: 'pdf' }));
    renderViewer();
    const tiles = await screen.findByRole('button', { name: m.socialTiles });
    expect(tiles).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(tiles);
    expect(tiles).toHaveAttribute('aria-pressed', 'true');
    const open = screen.getByRole('button', { name: m.socialTilesOpen });
    expect(open).toBeDisabled();
    expect(screen.getByText(m.socialTilesOn)).toBeInTheDocument();

    // A selection outside the document does not count; one in its text layer does.
    const select = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const selection = document.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      document.dispatchEvent(new Event('selectionchange'));
    };
    select(screen.getByRole('heading', { level: 1 }));
    expect(open).toBeDisabled();
    select((await screen.findByTestId('text-layer')).firstChild!);
    await waitFor(() => expect(open).toBeEnabled());
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: m.tileDialogTitle });
    expect(within(dialog).getByRole('textbox', { name: m.tileQuoteLabel })).toHaveValue(
      'Memory prices rise a further 15% in the second half.',
    );
    expect(
      within(dialog).getByRole('img', { name: m.tilePreviewAlt('Asia strategy podcast') }),
    ).toHaveAttribute('width', '1024');
    expect(screen.getByRole('button', { name: m.uploadPhotoOf('Mei Lin Chan') })).toBeInTheDocument();
  });
});
