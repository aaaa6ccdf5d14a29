import { Observable } from 'rxjs';
import type { HttpPort, HttpResponse } from '../../core/ports';

/** The part of fetch this adapter uses; the real `fetch` fits it. */
export type FetchLike = (
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal; keepalive?: boolean },
) => Promise<{
  readonly status: number;
  readonly headers: { forEach(callback: (value: string, name: string) => void): void };
  text(): Promise<string>;
}>;

/**
 * HttpPort over fetch: one response of any status, then complete; an error only when no response
 * came. Unsubscribing aborts the request. Nothing is decoded here (core/ports.ts).
 */
export function createFetchHttp(fetchFn: FetchLike): HttpPort {
  return {
    request: (request) =>
      new Observable<HttpResponse>((subscriber) => {
        const controller = typeof AbortController === 'undefined' ? undefined : new AbortController();
        fetchFn(request.url, {
          method: request.method,
          ...(request.headers === undefined ? {} : { headers: { ...request.headers } }),
          ...(request.body === undefined ? {} : { body: request.body }),
          ...(request.keepalive === true ? { keepalive: true } : {}),
          ...(controller === undefined ? {} : { signal: controller.signal }),
        })
          .then(async (response) => {
            const headers: Record<string, string> = {};
            response.headers.forEach((value, name) => {
              headers[name.toLowerCase()] = value;
            });
            const body = await response.text();
            subscriber.next({ status: response.status, headers, body });
            subscriber.complete();
          })
          .catch((err: unknown) => subscriber.error(err));
        return () => controller?.abort();
      }),
  };
}
