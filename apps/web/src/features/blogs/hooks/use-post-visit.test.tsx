import { blogLimits } from '@portal/contract';
import { renderHook } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PostVisitCalls, resetPostVisits, usePostVisit } from './use-post-visit.ts';

const visit = '6f1c2b9e-8f7d-4c1a-9b2e-3d4c5b6a7f80';

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

const fakeCalls = () => {
  const calls = {
    leave: vi.fn<PostVisitCalls['leave']>(async () => undefined),
    heartbeat: vi.fn<PostVisitCalls['heartbeat']>(async () => undefined),
  };
  return calls;
};

describe('usePostVisit', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetPostVisits();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('beats every heartbeatMs while visible, stops while hidden and resumes with `resumed` when visible again', () => {
    const calls = fakeCalls();
    renderHook(() => usePostVisit(7, visit, calls));
    expect(calls.heartbeat).not.toHaveBeenCalled();
    vi.advanceTimersByTime(blogLimits.heartbeatMs * 2);
    expect(calls.heartbeat.mock.calls).toEqual([
      [7, visit, false],
      [7, visit, false],
    ]);

    setVisibility('hidden');
    vi.advanceTimersByTime(blogLimits.heartbeatMs * 3);
    expect(calls.heartbeat).toHaveBeenCalledTimes(2);

    setVisibility('visible');
    expect(calls.heartbeat).toHaveBeenLastCalledWith(7, visit, true);
    vi.advanceTimersByTime(blogLimits.heartbeatMs);
    expect(calls.heartbeat).toHaveBeenCalledTimes(4);
    expect(calls.heartbeat).toHaveBeenLastCalledWith(7, visit, false);
    expect(calls.leave).not.toHaveBeenCalled();
  });

  it('sends the leave once on pagehide, and nothing more after it', () => {
    const calls = fakeCalls();
    const { unmount } = renderHook(() => usePostVisit(7, visit, calls));
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    expect(calls.leave.mock.calls).toEqual([[7, visit]]);
    vi.advanceTimersByTime(blogLimits.heartbeatMs * 2);
    setVisibility('hidden');
    setVisibility('visible');
    expect(calls.heartbeat).not.toHaveBeenCalled();
    unmount();
    vi.runAllTimers();
    expect(calls.leave).toHaveBeenCalledTimes(1);
  });

  it('sends the leave once when the reader moves elsewhere in the app (unmount), even under StrictMode', () => {
    const calls = fakeCalls();
    const wrapper = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;
    const { unmount } = renderHook(() => usePostVisit(7, visit, calls), { wrapper });
    // StrictMode's own unmount and mount of the effect is the same reading: no leave goes out for it.
    vi.advanceTimersByTime(10);
    expect(calls.leave).not.toHaveBeenCalled();
    unmount();
    vi.advanceTimersByTime(0);
    expect(calls.leave.mock.calls).toEqual([[7, visit]]);
    vi.advanceTimersByTime(blogLimits.heartbeatMs * 2);
    expect(calls.heartbeat).not.toHaveBeenCalled();
  });

  it('measures nothing without a visit (an anonymous reader, a refused post)', () => {
    const calls = fakeCalls();
    const { unmount } = renderHook(() => usePostVisit(7, null, calls));
    vi.advanceTimersByTime(blogLimits.heartbeatMs * 2);
    window.dispatchEvent(new Event('pagehide'));
    unmount();
    vi.runAllTimers();
    expect(calls.heartbeat).not.toHaveBeenCalled();
    expect(calls.leave).not.toHaveBeenCalled();
  });
});
