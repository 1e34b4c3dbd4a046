/**
 * An answer the API gives on purpose: the status and the `detail` text a client may show.
 * Anything else thrown in a request becomes a 500 whose body says nothing about the cause.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    /** Seconds until a throttled caller may try again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
    options?: ErrorOptions,
  ) {
    super(detail, options);
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found`);
export const badRequest = (detail: string) => new ApiError(400, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new ApiError(429, detail, Math.max(1, Math.ceil(retryAfterSeconds)));
