import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { apiRequest } from './client.ts';
import { ServerBusyNotice } from './server-busy-notice.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('ServerBusyNotice', () => {
  it('says calmly that the server is busy while a call waits, counts down, and goes away when it is answered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let answers = 0;
    stubFetch({
      'GET /solves/41': () =>
        ++answers === 1
          ? { status: 503, body: { detail: 'busy' }, headers: { 'Retry-After': '3' } }
          : { body: { id: 41 } },
    });
    render(<ServerBusyNotice />);
    expect(screen.queryByRole('status')).toBeNull();
    const call = apiRequest('/solves/41');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByRole('status').textContent).toBe(
      'Fleetlab is busy right now. Trying again in 3 s… Nothing you entered is lost.',
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('status').textContent).toContain('Trying again in 2 s…');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    await expect(call).resolves.toEqual({ id: 41 });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
