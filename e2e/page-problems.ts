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
  /** Problems matching `pattern` are allowed until the next `take`: a step provokes them on purpose. */
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
      const unexpected = seen.filter((problem) => !expected.some(({ pattern }) => pattern.test(problem)));
      seen = [];
      expected = [];
      return unexpected;
    },
  };
}
