import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetCsrfToken } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { type Call, client, fakeApi } from '../../../test/render-app.tsx';
import { resetPersonAccess, usePersonAccess } from './use-person-access.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
  </StrictMode>
);

const redeemed = {
  success: true,
  data: { purpose: 'unsubscribe', iPSN_Id: 5000042, sEntity: 'C', userFullName: 'Link Reader', productId: 0 },
};

const redeemCalls = (calls: Call[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/mailLinks/redeem');

describe('usePersonAccess', () => {
  beforeEach(() => {
    resetPersonAccess();
    resetCsrfToken();
    window.history.replaceState(null, '', '/unsubscribe/0?token=tok-1&keep=yes');
  });

  it("is the signed-in user's person, without spending a link in the address", async () => {
    const { calls } = fakeApi(client);
    const { result } = renderHook(() => usePersonAccess({ token: 'tok-1' }), { wrapper });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toEqual({
      status: 'ready',
      person: { iPSN_Id: client.iPSN_Id, sEntity: 'U', fullName: client.full_name },
      via: 'session',
    });
    expect(redeemCalls(calls)).toHaveLength(0);
    expect(window.location.search).toBe('?keep=yes');
  });

  it('redeems a link once under StrictMode, then drops the token from the address', async () => {
    const { calls } = fakeApi(null, (call) =>
      call.path === '/mailLinks/redeem' ? { body: redeemed } : undefined,
    );
    const { result } = renderHook(() => usePersonAccess({ token: 'tok-1' }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toEqual({
      status: 'ready',
      person: { iPSN_Id: 5000042, sEntity: 'C', fullName: 'Link Reader' },
      via: 'link',
      productId: 0,
    });
    expect(redeemCalls(calls)).toHaveLength(1);
    expect(redeemCalls(calls)[0]?.body).toEqual({ token: 'tok-1' });
    expect(window.location.pathname).toBe('/unsubscribe/0');
    expect(window.location.search).toBe('?keep=yes');

    // A second screen with the same address (or a remount) does not spend it again...
    const again = renderHook(() => usePersonAccess({ token: 'tok-1' }), { wrapper });
    await waitFor(() => expect(again.result.current.status).toBe('ready'));
    // ...and the next screen, with no token in its address, still acts for the link's person.
    const next = renderHook(() => usePersonAccess(), { wrapper });
    await waitFor(() => expect(next.result.current.status).toBe('ready'));
    expect(next.result.current.via).toBe('link');
    expect(next.result.current.person?.iPSN_Id).toBe(5000042);
    expect(redeemCalls(calls)).toHaveLength(1);
  });

  it('reports a refused link as invalidLink', async () => {
    fakeApi(null, (call) =>
      call.path === '/mailLinks/redeem'
        ? { status: 400, body: { success: false, message: 'This link is no longer valid.' } }
        : undefined,
    );
    const { result } = renderHook(() => usePersonAccess({ token: 'tok-1' }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('invalidLink'));
    expect(result.current.person).toBeNull();
    expect(window.location.search).toBe('?keep=yes');
  });

  it('is signedOut with neither a session nor a link', async () => {
    const { calls } = fakeApi(null);
    const { result } = renderHook(() => usePersonAccess({ token: null }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('signedOut'));
    expect(result.current).toEqual({ status: 'signedOut', person: null, via: null });
    expect(redeemCalls(calls)).toHaveLength(0);
  });
});
