import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, parameterReply } from '../test/render-app.tsx';
import { fetchParameters } from './parameters.ts';

afterEach(() => vi.unstubAllGlobals());

describe('fetchParameters: the comma-list form of GET /getParameter', () => {
  it('asks for every name in one call and answers them by name, an unrevealed one absent', async () => {
    const { calls } = fakeApi(null, (call) =>
      parameterReply(call, { bEnableConnectBookings: '1', rw_CNTBkTalkToThe: 'Talk to us' }),
    );
    const values = await fetchParameters(['bEnableConnectBookings', 'rw_CNTBkTalkToThe', 'sWebCustomLinks']);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /getParameter/bEnableConnectBookings,rw_CNTBkTalkToThe,sWebCustomLinks,',
    ]);
    expect([...values]).toEqual([
      ['bEnableConnectBookings', '1'],
      ['rw_CNTBkTalkToThe', 'Talk to us'],
    ]);
  });

  it('keeps a list of one a list (the trailing comma), so an unset name is an empty answer, not a 404', async () => {
    const { calls } = fakeApi(null, (call) => parameterReply(call, {}));
    expect((await fetchParameters(['sRWClientSubTitle'])).size).toBe(0);
    expect(calls[0]?.path).toBe('/getParameter/sRWClientSubTitle,');
  });
});
