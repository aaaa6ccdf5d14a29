// What went wrong on a page, as a visitor's browser would show it: console errors, uncaught errors,
// requests that failed and answers of 400 or more. Issue 13: a full-playback e2e fails on any of
// them it did not expect (an engine log refused 401 and retried was about 20 console errors per
// 30 s of play that no test noticed). A step that provokes a problem on purpose (the network
// going offline, a refused licence) says which ones it expects, and why.
import type { HTTPRequest, HTTPResponse, Page } from 'puppeteer';

interface Expected {
  readonly pattern: RegExp;
  readonly why: string;
}

export interface PageProblems {
  /** Collects the problems of `page` (every page a test opens: the main one and any other). */
  watch(page: Page): Page;
  /**
   * Problems matching `pattern` are allowed until the next `take`: a step provokes them on purpose.
   * Chromium's console line for an allowed answer or failed request ("Failed to load resource: the
   * server responded with a status of 403", "Failed to load resource: net::ERR_…") is allowed with
   * it, one line for one such problem, so a console error from anything else still fails.
   */
  expect(pattern: RegExp, why: string): void;
  /** The problems since the last `take` that nothing allowed, and forgets the allowances. */
  take(): string[];
}

const path = (url: string): string => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'data:' || parsed.protocol === 'blob:' ? `${parsed.protocol}…` : `${parsed.pathname}`;
  } catch {
    return url.slice(0, 80);
  }
};

export function watchPageProblems(): PageProblems {
  let seen: string[] = [];
  let expected: Expected[] = [];
  const note = (problem: string): void => {
    seen.push(problem);
  };
  const onRequestFailed = (request: HTTPRequest): void => {
    const reason = request.failure()?.errorText ?? 'unknown';
    // The page cancelled it itself (an AbortController, a media element dropping a range it no
    // longer needs, a navigation away): nothing failed.
    if (reason === 'net::ERR_ABORTED') return;
    note(`request failed: ${request.method()} ${path(request.url())} (${reason})`);
  };
  const onResponse = (response: HTTPResponse): void => {
    if (response.status() >= 400) note(`answered ${response.status()}: ${response.request().method()} ${path(response.url())}`);
  };
  return {
    watch: (page) => {
      page.on('pageerror', (err) => note(`uncaught: ${String(err)}`));
      page.on('console', (message) => {
        if (message.type() === 'error') note(`console error: ${message.text()}`);
      });
      page.on('requestfailed', onRequestFailed);
      page.on('response', onResponse);
      return page;
    },
    expect: (pattern, why) => {
      expected.push({ pattern, why });
    },
    take: () => {
      const allowed = (problem: string): boolean => expected.some(({ pattern }) => pattern.test(problem));
      // What each allowed request-level problem lets Chromium say about it on the console, once.
      const echoes: string[] = seen.filter(allowed).flatMap((problem) => {
        const status = /^answered (\d+):/.exec(problem)?.[1];
        if (status !== undefined) return [`console error: Failed to load resource: the server responded with a status of ${status} `];
        const reason = /^request failed: .* \((net::[A-Z_]+)\)$/.exec(problem)?.[1];
        return reason === undefined ? [] : [`console error: Failed to load resource: ${reason} `];
      });
      const unexpected = seen.filter((problem) => {
        if (allowed(problem)) return false;
        const echo = echoes.findIndex((prefix) => `${problem} `.startsWith(prefix));
        if (echo < 0) return true;
        echoes.splice(echo, 1);
        return false;
      });
      seen = [];
      expected = [];
      return unexpected;
    },
  };
}
