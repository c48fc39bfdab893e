/** The response envelope (JSend-like, as the reference answers) lives here and nowhere else. */
import type { ApiError } from './errors';

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
} as const;

export function successResponse(data: unknown): Response {
  return new Response(JSON.stringify({ status: 'success', data }), { status: 200, headers: JSON_HEADERS });
}

export function errorResponse(error: ApiError): Response {
  const body = { status: 'error', code: error.code, message: error.message };
  return new Response(JSON.stringify(body), { status: error.status, headers: { ...JSON_HEADERS, ...error.headers } });
}
