import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchPdfBytes, takePdfBytes } from './pdf-bytes.ts';

describe('PDF bytes fetched ahead of the viewer', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const stubFetch = () => {
    const fetchMock = vi.fn(async () => new Response(new Uint8Array([37, 80, 68, 70])));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it('hands the prefetched download over once', async () => {
    const fetchMock = stubFetch();
    prefetchPdfBytes('/api/files/a');
    prefetchPdfBytes('/api/files/a');
    expect(new Uint8Array(await takePdfBytes('/api/files/a'))).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // taken: the next reader downloads again
    await takePdfBytes('/api/files/a');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('lets go of a download nobody takes within a minute', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch();
    prefetchPdfBytes('/api/files/b');
    vi.advanceTimersByTime(60_000);
    await takePdfBytes('/api/files/b');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
