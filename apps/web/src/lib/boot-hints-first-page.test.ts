import { firstPageCallOf } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';

// The viewer's page as the server sends it to a reader who may read the PDF (web-document's
// paintedReportPageMarkup): the picture of page one in the splash, which the viewer shows until pdf.js has drawn it.
describe('the first page the server drew', () => {
  it("is the report on screen's only, and is forgotten with the other hints", async () => {
    // The hints are read once per page load: a fresh copy of the module is a fresh page.
    vi.resetModules();
    const { forgetBootHints, paintedContent, paintedFirstPage } = await import('./boot-hints.ts');
    const src = `/api${firstPageCallOf('S-301')}`;
    document.body.innerHTML =
      `<div id="root"><div class="portal-splash"><div class="portal-painted-report">` +
      `<img src="${src}" alt=""></div></div></div>`;
    // The splash keeps the painted node (BootSplash) and the picture is read before the splash goes.
    expect(paintedContent()?.className).toBe('portal-painted-report');
    document.body.innerHTML = '<div id="root"></div>';
    expect(paintedFirstPage(firstPageCallOf('S-301'))).toBe(src);
    expect(paintedFirstPage(firstPageCallOf('S-30'))).toBeUndefined();
    expect(paintedFirstPage(firstPageCallOf('H-301'))).toBeUndefined();
    forgetBootHints();
    expect(paintedFirstPage(firstPageCallOf('S-301'))).toBeUndefined();
  });
});
