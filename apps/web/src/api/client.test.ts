import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { ApiError, apiRequest, buildUrl, onServerBusy, onUnauthorized, type ServerBusyState } from './client.ts';
import { shouldRetryQuery } from './query-client.ts';
import { readToken, storeToken } from './token-storage.ts';

describe('apiRequest', () => {
  it('sends JSON with the stored bearer token under /api/v1', async () => {
    storeToken('abc');
    const network = stubFetch({ 'POST /scenarios': { status: 201, body: { id: 7 } } });
    await expect(apiRequest('/scenarios', { method: 'POST', body: { name: 'x' } })).resolves.toEqual({ id: 7 });
    expect(network.calls).toEqual([
      expect.objectContaining({ method: 'POST', path: '/scenarios', body: { name: 'x' }, authorization: 'Bearer abc' }),
    ]);
  });

  it('builds query strings without empty filters', () => {
    expect(buildUrl('/solves', { environment_id: 3, scenario_id: null })).toBe('/api/v1/solves?environment_id=3');
    expect(buildUrl('/solves', { environment_id: '' })).toBe('/api/v1/solves');
  });

  it('throws an ApiError with the status, the body and the spec message', async () => {
    stubFetch({ 'GET /solves/9': { status: 404, body: { detail: 'Solve not found' } } });
    const error = await apiRequest('/solves/9').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      body: { detail: 'Solve not found' },
      message: 'Request failed with status code 404',
    });
    expect((error as ApiError).detail).toBe('Solve not found');
  });

  it('on 401 clears the token and notifies the listener once per request', async () => {
    storeToken('expired');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    stubFetch({ 'GET /environments': { status: 401, body: { detail: 'Not authenticated' } } });
    await expect(apiRequest('/environments')).rejects.toMatchObject({ status: 401 });
    expect(readToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    await expect(apiRequest('/environments')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });

  it('leaves the token alone when a sign-in call answers 401', async () => {
    storeToken('kept');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    stubFetch({ 'POST /auth/login': { status: 401, body: { detail: 'Incorrect email or password' } } });
    await expect(
      apiRequest('/auth/login', { method: 'POST', body: {}, skipUnauthorizedRedirect: true }),
    ).rejects.toMatchObject({ status: 401 });
    expect(readToken()).toBe('kept');
    expect(listener).not.toHaveBeenCalled();
    stop();
  });
});

describe('apiRequest on a busy server', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits out a 503 with Retry-After, tells the busy listener, and returns the answer that follows', async () => {
    vi.useFakeTimers();
    let answers = 0;
    const network = stubFetch({
      'POST /solves': () =>
        ++answers === 1
          ? {
              status: 503,
              body: { detail: 'The server is busy right now; please try again in a moment.' },
              headers: { 'Retry-After': '2' },
            }
          : { status: 201, body: { id: 9 } },
    });
    const states: ServerBusyState[] = [];
    const stop = onServerBusy((state) => states.push(state));
    const call = apiRequest('/solves', { method: 'POST', body: { name: 'x' } });
    await vi.advanceTimersByTimeAsync(1999);
    expect(network.calls).toHaveLength(1);
    expect(states.map((state) => state.waitingCalls)).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toEqual({ id: 9 });
    expect(network.calls.map((request) => request.body)).toEqual([{ name: 'x' }, { name: 'x' }]);
    expect(states.map((state) => state.waitingCalls)).toEqual([1, 0]);
    stop();
  });

  it('retries a 429 with Retry-After at most three times, then reports it', async () => {
    vi.useFakeTimers();
    const network = stubFetch({
      'GET /environments': { status: 429, body: { detail: 'Too many' }, headers: { 'Retry-After': '1' } },
    });
    const call = apiRequest('/environments').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await call).toMatchObject({ status: 429, detail: 'Too many' });
    expect(network.calls).toHaveLength(4);
  });

  it('reports at once a busy answer without Retry-After, or one asking to wait longer than 30 s', async () => {
    stubFetch({
      'GET /environments': {
        status: 503,
        body: { detail: 'The solve queue is unavailable; please try again in a moment.' },
      },
      'POST /experiments': {
        status: 429,
        body: { detail: 'Too many experiments created' },
        headers: { 'Retry-After': '45' },
      },
    });
    await expect(apiRequest('/environments')).rejects.toMatchObject({ status: 503 });
    await expect(apiRequest('/experiments', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 429,
      message: 'Request failed with status code 429',
    });
  });
});

describe('shouldRetryQuery', () => {
  it('retries a data query once, never on a 4xx', () => {
    expect(shouldRetryQuery(0, new ApiError(500, null))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(500, null))).toBe(false);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(404, null))).toBe(false);
  });
});
