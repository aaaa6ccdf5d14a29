import { createActionLog, parseActionLog } from '../../core/store/action-log';
import { createRedactor } from '../../core/store/redact';
import type { Envelope } from '../../core/store/store';
import { buildCapture, type CaptureSources } from './capture';
import { isReportShortcut } from './report-problem';

const TOKEN = 'BQDx7-secret-access-token-abcdefghijklmnopqrstuv';
const ENGINE_TOKEN = 'BQCy9-engine-access-token-zyxwvutsrqponmlkjihgf';
const COOKIE = 'sp_dc_cookie_value_0123456789abcdefghijkl';
const KEY = 'clearkey-k-value-0123456789abc';

const environment = { userAgent: 'ua', language: 'en', viewport: { width: 300, height: 380 }, url: `https://p.example/embed?access_token=${TOKEN}` };

function sources(engine: CaptureSources['engine']): CaptureSources {
  const redactor = createRedactor();
  const log = createActionLog({ app: 'embed-player', version: 't', initialState: { session: { accessToken: TOKEN } } }, { redactor });
  const action = { type: 'debug/note', text: `token is ${TOKEN}` };
  log.record({ seq: 1, t: 0, src: 'ui', action } as unknown as Envelope, {});
  return {
    actionLog: log.toJsonl,
    engine,
    redactor,
    knownSecrets: () => [
      { kind: 'accessToken', value: TOKEN },
      { kind: 'cookie', value: COOKIE },
    ],
    flags: () => ({ uri: 'spotify:album:1' }),
  };
}

describe('buildCapture (issue 19 Capture: secrets redacted, reusing core/store/redact)', () => {
  it('no access token, cookie or licence key survives anywhere in the upload, also where a recorder missed one', () => {
    const s = sources(() => ({
      // As the engine's recorders give them (redacted by their own redactor), plus a leak they missed.
      actionLog: '{"kind":"header","schema":1,"app":"embed-engine","version":"t","initialState":{}}\n',
      transcript: `{"kind":"transcript"}\n{"answer":{"body":"{\\"keys\\":[{\\"kty\\":\\"oct\\",\\"k\\":\\"${KEY}\\"}]}","headers":{"authorization":"Bearer ${ENGINE_TOKEN}"}},"leak":"${TOKEN}","cookie":"${COOKIE}"}\n`,
    }));
    const upload = buildCapture(s, environment, `my token ${TOKEN} and cookie ${COOKIE}`);
    const json = JSON.stringify(upload);
    for (const secret of [TOKEN, ENGINE_TOKEN, COOKIE, KEY]) expect(json).not.toContain(secret);
    // The widget's log keeps its placeholders consistent and still parses (replay reads it).
    const parsed = parseActionLog(upload.widget.actionLog);
    expect(parsed.header.initialState).toEqual({ session: { accessToken: 'REDACTED_TOKEN_1' } });
    expect(parsed.entries[0]?.action).toEqual({ type: 'debug/note', text: 'token is REDACTED_TOKEN_1' });
    expect(upload.environment.url).toBe('https://p.example/embed?access_token=REDACTED_TOKEN_1');
    expect(upload.description).toBe('my token REDACTED_TOKEN_1 and cookie REDACTED_COOKIE_1');
  });

  it('leaves out the engine when it never started, and the description when empty; the description is one line', () => {
    expect(
      buildCapture(
        sources(() => null),
        environment,
        '   ',
      ),
    ).not.toHaveProperty('engine');
    expect(
      buildCapture(
        sources(() => null),
        environment,
        '   ',
      ),
    ).not.toHaveProperty('description');
    expect(
      buildCapture(
        sources(() => null),
        environment,
        'a\nb\t c',
      ).description,
    ).toBe('a b c');
  });
});

describe('the "Report a problem" shortcut (issue 19): Alt+Shift+R, by code, no other modifier', () => {
  const key = { altKey: true, shiftKey: true, ctrlKey: false, metaKey: false, code: 'KeyR' };
  it('is Alt+Shift+R only', () => {
    expect(isReportShortcut(key)).toBe(true);
    expect(isReportShortcut({ ...key, ctrlKey: true })).toBe(false);
    expect(isReportShortcut({ ...key, shiftKey: false })).toBe(false);
    expect(isReportShortcut({ ...key, code: 'Space' })).toBe(false);
  });
});
