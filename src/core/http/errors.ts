/** The one error class of the API. Anything else thrown by a handler becomes INTERNAL. */

export const STATUS_BY_CODE = {
  INVALID_ARGUMENT: 400,
  READ_ONLY: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RANGE_NOT_SATISFIABLE: 416,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  QUOTA_EXCEEDED: 507,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

export class ApiError extends Error {
  readonly code: ErrorCode;
  /** Extra response headers, e.g. `Allow` on a 405 or `Content-Range` on a 416. */
  headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.code = code;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const invalid = (message: string) => new ApiError('INVALID_ARGUMENT', message);
export const notFound = (message: string) => new ApiError('NOT_FOUND', message);
export const conflict = (message: string) => new ApiError('CONFLICT', message);

/** Maps anything thrown to an ApiError, keeping the original as `cause`. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isQuotaError(error)) {
    return new ApiError('QUOTA_EXCEEDED', 'The browser refused to store more data (storage quota exceeded).', { cause: error });
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new ApiError('INTERNAL', `Internal error: ${detail}`, { cause: error });
}

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: string; inner?: { name?: string } } | null)?.name;
  const inner = (error as { inner?: { name?: string } } | null)?.inner?.name;
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError';
}
