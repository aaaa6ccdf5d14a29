import { ERROR_REPORT_MAX_BYTES, ErrorReport, utf8Length } from '../model/error-report';
import {
  addBreadcrumb,
  breadcrumbLimit,
  buildErrorReport,
  errorReportItem,
  hostOf,
  isNoise,
  isReportingHost,
  isSampled,
  NO_ERROR_MESSAGE,
  stackFrames,
} from './error-reporter';

const context = { sessionId: 's', release: 'embed_v2-2019-09-14-0.1.0', userId: null, breadcrumbs: [], timestamp: 7, eventId: 'e'.repeat(64) };
const frames = (n: number, width = 10) => Array.from({ length: n }, (_, i) => `at f${i} (${'x'.repeat(width)}.js:1:1)`).join('\n');

describe('breadcrumbLimit (spec 000 §9: default 30, max 100)', () => {
  it.each([
    [undefined, 30],
    [10, 10],
    [100, 100],
    [101, 100],
    [5000, 100],
    [-3, 0],
    [Number.NaN, 30],
  ])('configured %p gives %p', (configured, limit) => {
    expect(breadcrumbLimit(configured)).toBe(limit);
  });
});

describe('addBreadcrumb (spec 001 §9: buffer 30 events)', () => {
  it('keeps the last `limit` breadcrumbs, oldest first', () => {
    let ring: ReturnType<typeof addBreadcrumb> = [];
    for (let i = 0; i < 35; i += 1) ring = addBreadcrumb(ring, { t: i, type: `a${i}` }, 30);
    expect(ring).toHaveLength(30);
    expect(ring[0]).toEqual({ t: 5, type: 'a5' });
    expect(ring.at(-1)).toEqual({ t: 34, type: 'a34' });
  });
});

describe('buildErrorReport (spec 000 §8, §9; spec 001 §9)', () => {
  it("spec 000 §8: an error without a message is reported as 'No error message'", () => {
    expect(buildErrorReport({ source: 'window', message: '', stack: '' }, context).message).toBe(NO_ERROR_MESSAGE);
    expect(buildErrorReport({ source: 'window', message: '   ', stack: '' }, context).message).toBe('No error message');
  });

  it('spec 001 §9: a message is cut to 250 characters', () => {
    expect(buildErrorReport({ source: 'epic', message: 'm'.repeat(300), stack: '' }, context).message).toBe('m'.repeat(250));
    expect(buildErrorReport({ source: 'epic', message: 'm'.repeat(250), stack: '' }, context).message).toHaveLength(250);
  });

  it('spec 001 §9: at most 50 stack frames, the outermost cut', () => {
    const report = buildErrorReport({ source: 'epic', message: 'x', stack: frames(80) }, context);
    expect(report.stack).toHaveLength(50);
    expect(report.stack[49]).toContain('f49');
  });

  it('carries the release (tied to the build date), the user id, the session and the breadcrumbs, and matches the codec', () => {
    const report = buildErrorReport(
      { source: 'media', message: 'Media failed', stack: 'MEDIA_ERR' },
      { ...context, userId: 'u1', breadcrumbs: [{ t: 1, type: 'widget/pointerEntered' }] },
    );
    expect(report).toEqual({
      product: 'embed_v2',
      session_id: 's',
      release: 'embed_v2-2019-09-14-0.1.0',
      user_id: 'u1',
      source: 'media',
      message: 'Media failed',
      stack: ['MEDIA_ERR'],
      breadcrumbs: [{ t: 1, type: 'widget/pointerEntered' }],
      timestamp: 7,
      event_id: 'e'.repeat(64),
    });
    expect(ErrorReport.is(report)).toBe(true);
  });

  it('spec 000 §9: the serialized report is at most 102400 bytes, dropping the oldest breadcrumbs first', () => {
    const breadcrumbs = Array.from({ length: 100 }, (_, i) => ({ t: i, type: `${i}:${'b'.repeat(1500)}` }));
    const report = buildErrorReport({ source: 'epic', message: 'x', stack: frames(50) }, { ...context, breadcrumbs });
    const bytes = utf8Length(JSON.stringify(report));
    expect(bytes).toBeLessThanOrEqual(ERROR_REPORT_MAX_BYTES);
    expect(bytes).toBeGreaterThan(ERROR_REPORT_MAX_BYTES - 1600);
    expect(report.stack).toHaveLength(50);
    expect(report.breadcrumbs.at(-1)?.t).toBe(99);
    expect(report.breadcrumbs[0]?.t).toBeGreaterThan(0);
  });

  it('spec 000 §9: then stack frames go, counting bytes in UTF-8 (not characters)', () => {
    const report = buildErrorReport(
      { source: 'epic', message: 'x', stack: frames(50, 1500).replace(/x/g, 'é') },
      { ...context, breadcrumbs: [{ t: 1, type: 'a' }] },
    );
    expect(report.breadcrumbs).toEqual([]);
    expect(report.stack.length).toBeLessThan(50);
    expect(report.stack.length).toBeGreaterThan(0);
    expect(utf8Length(JSON.stringify(report))).toBeLessThanOrEqual(102400);
    expect(JSON.stringify(report).length).toBeLessThan(utf8Length(JSON.stringify(report)));
  });

  it("posts to {api host}/log/errors as JSON, its event id (issue 12) the outbox item's id", () => {
    const report = buildErrorReport({ source: 'epic', message: 'x', stack: '' }, context);
    expect(report.event_id).toBe('e'.repeat(64));
    expect(errorReportItem('https://api.test/', report)).toEqual({ id: 'e'.repeat(64), url: 'https://api.test/log/errors', body: JSON.stringify(report) });
  });
});

describe('utf8Length', () => {
  it.each([
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['😀', 4],
  ])('%s is %p bytes', (text, bytes) => {
    expect(utf8Length(text)).toBe(bytes);
  });
});

describe('stackFrames', () => {
  it('keeps non-empty trimmed lines', () => {
    expect(stackFrames('Error: x\n   at a\n\n  at b  ')).toEqual(['Error: x', 'at a', 'at b']);
  });
});

describe('spec 000 §9 noise patterns', () => {
  it.each([
    ['ResizeObserver loop limit exceeded', '', true],
    ['ResizeObserver loop completed with undelivered notifications.', '', true],
    ['Script error.', '', true],
    ['TypeError: x is undefined', 'at chrome-extension://abc/content.js:1:1', true],
    ['TypeError: x is undefined', 'at moz-extension://abc/content.js:1:1', true],
    ['TypeError: x is undefined', 'at http://localhost/widget/main.js:1:1', false],
    ['Script error in my code', '', false],
  ])('%s / %s is noise: %p', (message, stack, noise) => {
    expect(isNoise(message, stack)).toBe(noise);
  });
});

describe("spec 000 §9 reports only from the provider's CDN host", () => {
  it.each([
    ['', 'localhost:8080', true],
    ['https://cdn.provider.test', 'cdn.provider.test', true],
    ['https://CDN.provider.test/assets/', 'cdn.provider.test', true],
    ['http://127.0.0.1:8080', '127.0.0.1:8080', true],
    ['https://cdn.provider.test', 'evil.example', false],
    ['http://127.0.0.1:8080', 'localhost:8080', false],
  ])('static host %p, page host %p: %p', (staticHost, pageHost, allowed) => {
    expect(isReportingHost(staticHost, pageHost)).toBe(allowed);
  });

  it('hostOf strips the scheme and path', () => {
    expect(hostOf('https://a.b:1/c?d')).toBe('a.b:1');
  });
});

describe('spec 000 §9 sample rate 0.3', () => {
  it.each([
    [0, true],
    [0.2999, true],
    [0.3, false],
    [0.9, false],
  ])('draw %p reports: %p', (draw, sampled) => {
    expect(isSampled(draw)).toBe(sampled);
  });
});
