import { merge, of, throwError, timer } from 'rxjs';
import { delay, filter, mergeMap, takeUntil } from 'rxjs/operators';
import { createFakePorts } from '../../adapters/fake';
import type { HttpResponder } from '../../adapters/fake';
import { ErrorReport } from '../model/error-report';
import type { Ports } from '../ports';
import type { Action } from '../store/action';
import type { Epic } from '../store/store';
import { actionLogDownloadRequested, errorCaught, errorReporterContextRead, errorReportFailed, mediaFailed, mediaTimeUpdated, pointerEntered } from './actions';
import { widgetEpics } from './all-epics';
import { initialWidgetState, type WidgetState } from './state';
import { albumData } from './testing/album-data';
import { epicActions, testScheduler } from './testing/marbles';
import { runWidget } from './testing/run-widget';
import { createErrorReportingEpic, errorReportingEpic } from './error-reporting.epic';

const initialState = initialWidgetState({ ...albumData(), config: { ...albumData().config, version: 'embed_v2-2019-09-14-1.0.0' } });
const atCdn = errorReporterContextRead({ userId: 'user-7', automated: false, pageHost: 'static.test' });

interface Options {
  readonly adapter: Array<[number, Action]>;
  readonly draw?: number;
  readonly epics?: ReadonlyArray<Epic<WidgetState, Ports>>;
  readonly httpResponder?: HttpResponder;
  readonly expectFailed?: [string, Record<string, unknown>];
  /** When the page goes away: a failing report is retried for as long as the page lives. */
  readonly until?: number;
}

/** The whole widget on fake ports; returns the error reports sent, with their virtual times. */
function run(options: Options): Array<{ at: number; report: unknown }> {
  const scheduler = testScheduler((a, b) => expect(a).toEqual(b));
  const sent: Array<{ at: number; report: unknown }> = [];
  scheduler.run(({ expectObservable, flush }) => {
    const fake = createFakePorts(scheduler, {
      httpResponder: (request) => {
        if (request.url.endsWith('/log/errors')) sent.push({ at: scheduler.now(), report: JSON.parse(request.body ?? '') });
        return options.httpResponder?.(request) ?? { status: 204, headers: {}, body: '' };
      },
    });
    const ports: Ports = { ...fake, random: { next: () => options.draw ?? 0.1 } };
    const adapter = merge(...options.adapter.map(([at, action]) => of(action).pipe(delay(at))));
    const all$ = runWidget({ initialState, ports, adapter, ...(options.epics === undefined ? {} : { epics: options.epics }) });
    const envelopes$ = options.until === undefined ? all$ : all$.pipe(takeUntil(timer(options.until, scheduler)));
    if (options.expectFailed !== undefined) expectObservable(epicActions(envelopes$, 'log/error')).toBe(...options.expectFailed);
    else envelopes$.subscribe();
    flush();
  });
  return sent;
}

const boom = errorCaught({ message: 'TypeError: boom', stack: 'TypeError: boom\n  at f (http://static.test/widget/main.js:1:2)' });

describe('errorReportingEpic (spec 000 §7 error-reporting service, §9)', () => {
  it('reports a window error to {api host}/log/errors with the release, user id from the cookie, session and breadcrumbs', () => {
    const sent = run({
      adapter: [
        [0, atCdn],
        [5, actionLogDownloadRequested()],
        [9, boom],
      ],
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.at).toBe(9);
    const report = sent[0]?.report as ErrorReport;
    expect(ErrorReport.is(report)).toBe(true);
    expect(report).toMatchObject({
      product: 'embed_v2',
      release: 'embed_v2-2019-09-14-1.0.0',
      user_id: 'user-7',
      source: 'window',
      message: 'TypeError: boom',
      stack: ['TypeError: boom', 'at f (http://static.test/widget/main.js:1:2)'],
      timestamp: 9,
    });
    expect(report.session_id).toMatch(/^[0-9a-f]{32}$/);
    // The actions before the error, oldest first; the error itself is not its own breadcrumb.
    expect(report.breadcrumbs.map((b) => b.type)).toEqual([
      'widget/sessionStarted',
      'preview/trackPrefetchDecided',
      'widget/viewportMeasured',
      'log/impressionLogged',
      'widget/errorReporterContextRead',
      'widget/actionLogDownloadRequested',
    ]);
  });

  it('leaves progress facts out of the breadcrumbs', () => {
    const sent = run({
      adapter: [
        [0, atCdn],
        [1, mediaTimeUpdated({ positionMs: 5 })],
        [2, boom],
      ],
    });
    expect((sent[0]?.report as ErrorReport).breadcrumbs.map((b) => b.type)).not.toContain('media/timeUpdated');
  });

  it('reports media failures and failed epics (store/epicFailed)', () => {
    const failing: Epic<WidgetState, Ports> = (action$) =>
      action$.pipe(
        filter(pointerEntered.match),
        mergeMap(() => throwError(() => new Error('epic broke'))),
      );
    const sent = run({
      epics: [...widgetEpics, failing],
      adapter: [
        [0, atCdn],
        [3, mediaFailed({ code: 'MEDIA_ERR_NETWORK', message: 'Network error' })],
        [4, pointerEntered()],
      ],
    });
    expect(sent.map((s) => [s.at, (s.report as ErrorReport).source, (s.report as ErrorReport).message])).toEqual([
      [3, 'media', 'Network error (MEDIA_ERR_NETWORK)'],
      [4, 'epic', 'epic broke'],
    ]);
  });

  it("spec 000 §8: an error without a message is reported as 'No error message'", () => {
    const sent = run({
      adapter: [
        [0, atCdn],
        [1, errorCaught({ message: '', stack: '' })],
      ],
    });
    expect((sent[0]?.report as ErrorReport).message).toBe('No error message');
  });

  it.each([
    [
      'skipped under a headless-browser test harness (navigator.webdriver)',
      [
        [0, { ...atCdn, automated: true }],
        [1, boom],
      ],
      0.1,
    ],
    ['nothing before the start-up context is read', [[1, boom]], 0.1],
    [
      "only from the provider's CDN host",
      [
        [0, { ...atCdn, pageHost: 'elsewhere.test' }],
        [1, boom],
      ],
      0.1,
    ],
    [
      'known noise is ignored',
      [
        [0, atCdn],
        [1, errorCaught({ message: 'ResizeObserver loop limit exceeded', stack: '' })],
      ],
      0.1,
    ],
    [
      'sample rate 0.3: a draw of 0.3 or more is not reported',
      [
        [0, atCdn],
        [1, boom],
      ],
      0.3,
    ],
  ] as Array<[string, Array<[number, Action]>, number]>)('spec 000 §7/§9: %s', (_name, adapter, draw) => {
    expect(run({ adapter, draw })).toEqual([]);
  });

  it('sample rate 0.3: a draw below 0.3 is reported', () => {
    expect(
      run({
        adapter: [
          [0, atCdn],
          [1, boom],
        ],
        draw: 0.29,
      }),
    ).toHaveLength(1);
  });

  it('spec 000 §9 breadcrumbs: 30 by default', () => {
    const many = Array.from({ length: 60 }, (): [number, Action] => [2, actionLogDownloadRequested()]);
    const sent = run({ adapter: [[0, atCdn], ...many, [3, boom]] });
    expect((sent[0]?.report as ErrorReport).breadcrumbs).toHaveLength(30);
  });

  it('spec 000 §9 breadcrumbs: a configured limit above 100 is clamped to 100', () => {
    const many = Array.from({ length: 150 }, (): [number, Action] => [2, actionLogDownloadRequested()]);
    const epics = widgetEpics.map((e) => (e === errorReportingEpic ? createErrorReportingEpic({ breadcrumbLimit: 500 }) : e));
    const sent = run({ epics, adapter: [[0, atCdn], ...many, [3, boom]] });
    expect((sent[0]?.report as ErrorReport).breadcrumbs).toHaveLength(100);
  });

  it('a report that fails becomes log/errorReportFailed and is retried (issue 12: the outbox), the same report with the same event id', () => {
    const sent = run({
      adapter: [
        [0, atCdn],
        [7, boom],
      ],
      httpResponder: (r) => (r.url.endsWith('/log/errors') ? new Error('offline') : { status: 204, headers: {}, body: '' }),
      until: 1500,
      // draw 0.1: the first retry waits 1 s − 16% (capped exponential backoff, ±20%).
      expectFailed: [
        '7ms a 839ms b 652ms |',
        { a: errorReportFailed({ err: 'Request failed: no response' }), b: errorReportFailed({ err: 'Request failed: no response' }) },
      ],
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.report).toEqual(sent[0]?.report);
    expect((sent[0]?.report as { event_id: string }).event_id).toMatch(/^[0-9a-f]{32}$/);
  });
});
