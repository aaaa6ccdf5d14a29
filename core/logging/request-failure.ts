import type { HttpResponse } from '../ports';

/** spec 001 §8 Generic: the transport error text of a request answered with a failing status. */
export function requestFailureText(status: number): string {
  return `Request was not successful (status ${status})`;
}

/** A response counts as failed from status 400 on (spec 001 §8 HTTP status enumeration). */
export function isFailedResponse(response: HttpResponse): boolean {
  return response.status >= 400;
}

/** The text of a network failure (no response at all), whatever was thrown. */
export function networkFailureText(err: unknown): string {
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  return message === '' ? 'Request failed: no response' : message;
}
