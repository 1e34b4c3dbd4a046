import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { ApiError, apiRequest, buildUrl, onUnauthorized } from './client.ts';
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
    expect(error).toMatchObject({ status: 404, body: { detail: 'Solve not found' }, message: 'Request failed with status code 404' });
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
    await expect(apiRequest('/auth/login', { method: 'POST', body: {}, skipUnauthorizedRedirect: true })).rejects.toMatchObject({ status: 401 });
    expect(readToken()).toBe('kept');
    expect(listener).not.toHaveBeenCalled();
    stop();
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
