// scripts/fuzz: malformed input at every route of the provider and raw HTTP/1.1 at its socket,
// bounded by a request count and a time limit, from a seeded PRNG (the same seed throws the same
// requests). After each request it checks that the process still answers. Issue 12 "No request
// ends the process"; scripts/fuzz.ts is the command, scripts/fuzz.test.ts runs it with a small count.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';

export interface Route {
  readonly method: string;
  readonly url: string;
}

/** What the server under attack tells about itself (scripts/fuzz-server.ts prints it). */
export interface TargetInfo {
  readonly url: string;
  readonly routes: readonly Route[];
  /** A logged-in listener's access token, so authorised paths are reached; null when there is none. */
  readonly token: string | null;
  /** Real ids of the catalogue (albums, tracks, audio files...), so handlers get past their lookups. */
  readonly ids: readonly string[];
  /** Good values of named path parameters (`kind` of /v1/logging/:kind, the listener's `userId`...). */
  readonly params?: Readonly<Record<string, readonly string[]>>;
}

export type Target =
  /** Spawns `node <entry>` and reads its TargetInfo line; a process that exits is a death, and is started again. */
  | { readonly kind: 'spawn'; readonly entry: string; readonly env?: NodeJS.ProcessEnv }
  /** A server already listening on loopback; one that stops answering counts as a death. */
  | { readonly kind: 'url'; readonly url: string; readonly routes?: readonly Route[]; readonly token?: string | null };

export interface FuzzOptions {
  readonly target: Target;
  /** At most this many requests (each followed by a liveness check). */
  readonly requests: number;
  /** And at most this long. */
  readonly seconds: number;
  readonly seed: number;
  /** Progress and findings, one line each. */
  readonly log?: (line: string) => void;
}

export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'none';

export interface Finding {
  readonly kind: string;
  readonly request: string;
  readonly status: number | null;
  readonly detail?: string;
}

export interface FuzzResult {
  readonly seed: number;
  readonly requests: number;
  readonly seconds: number;
  readonly routes: number;
  readonly byClass: Record<StatusClass, number>;
  readonly serverErrors: Finding[];
  readonly deaths: Finding[];
  /** How many requests of each kind got no answer (the server closed, or waited for bytes that never came). */
  readonly unanswered: Record<string, number>;
}

/** mulberry32: a small seeded PRNG, so a run can be repeated exactly. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Raw HTTP over a plain socket: the bytes go out exactly as written (node:http would refuse most).

export interface Exchange {
  /** The status of each response read, in order (pipelined answers included). */
  readonly statuses: number[];
  /** The server closed the connection (or reset it). */
  readonly closed: boolean;
}

/**
 * Writes the bytes (then `after`, if any, once the head of a 101 came back), reads responses until
 * the server closes or `timeoutMs` pass, and answers every status line it parsed.
 */
export function exchange(port: number, bytes: Buffer, timeoutMs: number, after?: Buffer): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let closed = false;
    let finished = false;
    let sentAfter = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ statuses: parseStatuses(received), closed });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (after !== undefined && !sentAfter && received.includes('\r\n\r\n') && received.subarray(0, 12).toString('latin1').includes(' 101')) {
        sentAfter = true;
        socket.write(after);
      }
      // Enough read: cap what a runaway answer costs.
      if (received.length > 4 * 1024 * 1024) finish();
    });
    socket.on('error', () => {
      closed = true;
      finish();
    });
    socket.on('end', () => {
      closed = true;
      finish();
    });
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.write(bytes);
  });
}

/** Every response's status in the bytes read: heads, then bodies skipped by Content-Length or chunks; stops at 101 or anything unreadable. */
export function parseStatuses(bytes: Buffer): number[] {
  const statuses: number[] = [];
  let at = 0;
  for (let guard = 0; guard < 100 && at < bytes.length; guard++) {
    const headEnd = bytes.indexOf('\r\n\r\n', at);
    if (headEnd < 0) break;
    const head = bytes.subarray(at, headEnd).toString('latin1');
    const match = /^HTTP\/\d\.\d (\d{3})/.exec(head);
    if (match === null) break;
    const status = Number(match[1]);
    statuses.push(status);
    if (status === 101) break;
    at = headEnd + 4;
    if (status >= 100 && status < 200) continue;
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      // Chunks until the zero-length one and its empty trailer.
      for (let chunks = 0; chunks < 100_000; chunks++) {
        const lineEnd = bytes.indexOf('\r\n', at);
        if (lineEnd < 0) return statuses;
        const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
        if (!Number.isFinite(size)) return statuses;
        at = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
    } else if (length !== null) at += Number(length[1]);
    else break;
  }
  return statuses;
}

// ---------------------------------------------------------------------------------------------
// What is thrown.

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const deepMixed = (n: number) => '[{"a":'.repeat(n) + 'null' + '}]'.repeat(n);

/** Path parameter values: overlong, unicode, dot segments, NUL and bad escapes, injection-looking text. */
const PARAMS: readonly string[] = [
  'x'.repeat(3000),
  'a'.repeat(2048),
  '0'.repeat(23),
  '..',
  '%2e%2e',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2F',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%c0%ae%c0%ae',
  '%ff%fe',
  '%e9',
  '%C3%A9',
  '%F0%9F%8E%B5',
  '%E2%80%AE',
  '%0d%0aSet-Cookie:%20x=1',
  '%3Cscript%3E',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  '-1',
  '1e309',
  'NaN',
  'spotify:track:4uLU6hMCjMI75M1A2tKUQC',
  'spotify%3Aalbum%3A' + 'Z'.repeat(22),
  '.json',
  'x.json',
  '%20',
  '*',
  'a;b=c',
  'a,b',
  '~',
];

const QUERIES: readonly string[] = [
  '',
  '?',
  '?&&&',
  '?a=%zz',
  '?__proto__[x]=1&constructor[prototype][y]=2',
  '?limit=-1&offset=1e309',
  '?limit=99999999999999999999&offset=-0',
  '?limit=abc&offset=%00',
  '?market=&market=SE&market=' + 'X'.repeat(500),
  '?type=a,b,c,,,&q=' + '%ff'.repeat(50),
  '?q=' + 'x'.repeat(5000),
  '?ids=' + Array.from({ length: 500 }, (_, i) => `id${i}`).join(','),
  '?access_token=%zz',
  '?connection_id=' + 'c'.repeat(3000),
  '?locale=../../etc&debug=1&embed-api=1&variant=%00',
  '?continue=//evil.example&theme=0&utm_source=%E2%80%AE',
  '?tests=' + '%22'.repeat(100),
  '?position_ms=-5&volume_percent=1e9&device_id=' + 'd'.repeat(100),
  '?fields=items(a(b(c(d(e(f))))))',
  '?a[b][c][d][e][f][g][h][i][j][k]=1',
];

const AUTHORIZATIONS = (token: string | null): Array<string | null> => [
  null,
  null,
  token === null ? null : `Bearer ${token}`,
  token === null ? null : `Bearer ${token}`,
  'Bearer',
  'Bearer ',
  'Bearer a b c',
  'Bearer ' + 'a'.repeat(10_000),
  'Basic ZGVtbzpkZW1v',
  'bearer %00',
  'Bearer \u00e9\u00e8',
  'Digest username="x"',
  ',,,',
];

const RANGES: readonly string[] = [
  'bytes=',
  'bytes=-',
  'bytes=--1',
  'bytes=5-1',
  'bytes=0-0,1-1,2-2',
  'bytes=-0',
  'bytes=0-18446744073709551616',
  'bytes=99999999999999999999-',
  'bytes=1e3-2e3',
  'bytes= 0 - 1 ',
  'items=0-1',
  'bytes=0x10-0x20',
  'bytes=-99999999999',
  'bytes=0-' + '9'.repeat(400),
];

const CONTENT_TYPES: readonly string[] = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;;;',
  'text/plain',
  'text/plain; charset=utf-8',
  'text/plain; charset=utf-16le',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/merge-patch+json',
  '*/*',
  '',
];

let bodyCache: string[] | null = null;

/** Bodies: nested JSON, huge strings, wrong types, `__proto__` keys, broken JSON, over the body limit (built once). */
function bodies(): string[] {
  return (bodyCache ??= [
    deepArray(100_000),
    deepObject(100_000),
    deepMixed(50_000),
    deepArray(65),
    deepObject(1000),
    `{"name":${deepArray(100_000)}}`,
    `{"uris":${deepArray(20_000)},"position":${deepObject(20_000)}}`,
    `{"events":[${deepObject(50_000)}]}`,
    `"${'x'.repeat(900_000)}"`,
    `{"name":"${'x'.repeat(900_000)}"}`,
    `[${Array.from({ length: 100_000 }, () => '0').join(',')}]`,
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"a":{"__proto__":{"isAdmin":true}}}',
    'null',
    '1',
    '"x"',
    '[]',
    '{}',
    'true',
    '{',
    '{"a":1,}',
    '\ufeff{}',
    '{"name":"\u0000\ud800","public":"yes","description":1}',
    '{"uris":["spotify:track:' + 'A'.repeat(5000) + '"],"position":-1}',
    '{"tracks":[{"uri":"spotify:track:x","positions":[1e309]}],"snapshot_id":{}}',
    '{"range_start":1.5,"insert_before":"0","range_length":null}',
    '{"device":{"device_id":"' + 'd'.repeat(5000) + '"},"state":[]}',
    'username=demo&password=demo&__proto__[x]=1&continue=%zz',
    'a=' + 'b'.repeat(100_000),
    '\u0000\u0001\u0002\u00ff',
    'x'.repeat(2_000_000),
  ]);
}

const ACCEPT_ENCODINGS: readonly string[] = ['gzip', 'br;q=nan, gzip;q=2', '*;q=0', 'identity;q=0', 'x'.repeat(3000), 'gzip, gzip, gzip, br, deflate, zstd'];

const METHODS_ODD: readonly string[] = ['OPTIONS', 'PATCH', 'DELETE', 'PUT', 'POST', 'TRACE', 'HEAD', 'get', 'FOO', 'PRI', 'M-SEARCH'];

// ---------------------------------------------------------------------------------------------

export interface Rand {
  next(): number;
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function rand(seed: number): Rand {
  const next = prng(seed);
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

/** One request to throw: its bytes, a short name for the table, and (for upgrades) frames to send after a 101. */
export interface Thrown {
  readonly name: string;
  readonly bytes: Buffer;
  readonly after?: Buffer;
  /** How long to wait for answers (a lying length waits for bytes that never come). */
  readonly timeoutMs: number;
}

const head = (lines: readonly string[]) => lines.join('\r\n') + '\r\n\r\n';

/** Fills a route's pattern: each :param with a hostile, real or good value (always a good one when `good`), a wildcard with a hostile path. */
function fillRoute(url: string, r: Rand, info: Pick<TargetInfo, 'ids' | 'params'>, good = false): string {
  const value = (param: string) => {
    const known = info.params?.[param.slice(1).replace(/\(.*$/, '')] ?? [];
    if (known.length > 0 && (good || r.chance(0.4))) return r.pick(known);
    if (info.ids.length > 0 && (good || r.chance(0.3))) return r.pick(info.ids);
    return good ? 'x' : r.pick(PARAMS);
  };
  return url
    .replace(/:[A-Za-z_][\w-]*(\([^)]*\))?/g, value)
    .replace(/\*$/, () =>
      r.pick(['', '..%2f..%2fpackage.json', '%2e%2e/%2e%2e/etc/passwd', 'widget/main.js', 'a/'.repeat(500), `${value(':id')}.js.br`, '%00.js']),
    );
}

/** A request at one of the server's own routes, with hostile parameters, query, headers and body. */
function routeRequest(info: TargetInfo, host: string, r: Rand): Thrown {
  const route = r.pick(info.routes);
  const method = r.chance(0.1) ? r.pick(METHODS_ODD) : route.method;
  const target = fillRoute(route.url, r, info) + (r.chance(0.5) ? r.pick(QUERIES) : '');
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${host}`, 'Connection: close'];
  const authorization = r.pick(AUTHORIZATIONS(info.token));
  if (authorization !== null) lines.push(`Authorization: ${authorization}`);
  if (r.chance(0.3)) lines.push(`Range: ${r.pick(RANGES)}`);
  if (r.chance(0.2)) lines.push(`Accept-Encoding: ${r.pick(ACCEPT_ENCODINGS)}`);
  if (r.chance(0.15)) lines.push(r.pick(['Cookie: sp_dc=%zz', 'Cookie: sp_dc=' + 'x'.repeat(4000), 'Cookie: ;;;=;', 'Cookie: sp_dc="\\"']));
  if (r.chance(0.15))
    lines.push(
      r.pick(['Origin: null', 'Origin: http://evil.example', 'Sec-Fetch-Site: cross-site', 'Referer: %zz', 'Accept-Language: ' + 'sv;q=0.'.repeat(300)]),
    );
  const sendsBody = method === 'POST' || method === 'PUT' || method === 'DELETE' || method === 'PATCH' || r.chance(0.05);
  let body = Buffer.alloc(0);
  let name = `${method} ${route.url}`;
  if (sendsBody && r.chance(0.9)) {
    const text = r.pick(bodies());
    body = Buffer.from(text, 'utf8');
    const type = r.pick(CONTENT_TYPES);
    if (type !== '') lines.push(`Content-Type: ${type}`);
    name += ` body(${type === '' ? 'no type' : type.split(';')[0]})`;
  }
  if (body.length > 0 || sendsBody) lines.push(`Content-Length: ${body.length}`);
  return { name, bytes: Buffer.concat([Buffer.from(head(lines), 'utf8'), body]), timeoutMs: 3000 };
}

/** Request lines in every form of RFC 9112 §3.2 with odd hosts, ports and escapes. */
function requestLine(info: TargetInfo, host: string, port: number, r: Rand): Thrown {
  const path = info.routes.length > 0 ? fillRoute(r.pick(info.routes).url, r, info) : '/';
  const forms: Array<[string, string, string]> = [
    ['origin', 'GET', path],
    ['origin', 'GET', '//['],
    ['origin', 'GET', '/%'],
    ['origin', 'GET', '/..'],
    ['origin', 'GET', '/../../etc/passwd'],
    ['origin', 'GET', '/' + 'a'.repeat(20_000)],
    ['origin', 'GET', '/\u00e9\u{1f3b5}'],
    ['origin', 'GET', '/a\tb'],
    ['origin', 'GET', '/a\u007fb'],
    ['origin', 'GET', '/a\u0000b'],
    ['origin', 'GET', '/v1/albums/\u0000'],
    ['origin', 'GET', '/embed/album/\u00ff\u00fe'],
    ['origin', 'GET', '?x=1'],
    ['origin', 'GET', '#frag'],
    ['origin', 'GET', '/embed/album/' + 'x'.repeat(3000)],
    ['absolute', 'GET', `http://127.0.0.1:${port}${path}`],
    ['absolute', 'GET', `http://127.0.0.1:${port}`],
    ['absolute', 'GET', 'http://[::1]:0/'],
    ['absolute', 'GET', 'http://evil.example:99999/v1/albums/x'],
    ['absolute', 'GET', 'http://a@b:c@127.0.0.1/'],
    ['absolute', 'GET', 'https://127.0.0.1/dealer'],
    ['absolute', 'GET', 'HTTP://X/%zz'],
    ['absolute', 'GET', 'ftp://x/'],
    ['absolute', 'GET', 'http://[/'],
    ['absolute', 'GET', 'http://%zz/'],
    ['absolute', 'GET', 'http:///'],
    ['absolute', 'POST', `http://127.0.0.1:${port}/log/analytics`],
    ['authority', 'CONNECT', `127.0.0.1:${port}`],
    ['authority', 'CONNECT', '[::1]:80'],
    ['authority', 'CONNECT', ':80'],
    ['authority', 'CONNECT', 'x:99999999'],
    ['authority', 'CONNECT', '['],
    ['authority', 'GET', '127.0.0.1:80'],
    ['asterisk', 'OPTIONS', '*'],
    ['asterisk', 'GET', '*'],
    ['asterisk', 'OPTIONS', '*/x'],
    ['asterisk', 'POST', '*'],
  ];
  const [form, method, target] = r.pick(forms);
  const version = r.chance(0.8) ? 'HTTP/1.1' : r.pick(['HTTP/1.0', 'HTTP/2.0', 'HTTP/0.9', 'HTTP/1.1x', '', 'HTTP/11', 'http/1.1', 'HTTP/1.1 extra']);
  const hosts = [
    `Host: ${host}`,
    `Host: ${host}`,
    null,
    'Host: ',
    'Host: [::1',
    'Host: x:99999',
    'Host: \u00e9vil.example',
    'Host: a b',
    `Host: ${host}\r\nHost: evil.example`,
    'Host: evil.example',
  ];
  const hostLine = r.pick(hosts);
  const lines = [`${method} ${target}${version === '' ? '' : ` ${version}`}`];
  if (hostLine !== null) lines.push(hostLine);
  lines.push('Connection: close');
  if (method === 'POST') lines.push('Content-Type: application/json', 'Content-Length: 2');
  const body = method === 'POST' ? '{}' : '';
  // Now and then as single bytes (latin1): a target or header that is not UTF-8 at all.
  const encoding = r.chance(0.2) ? 'latin1' : 'utf8';
  return { name: `${form}-form ${method}`, bytes: Buffer.from(head(lines) + body, encoding), timeoutMs: 2000 };
}

/** Websocket frames a client should never send, for after an accepted upgrade. */
function badFrames(r: Rand): Buffer {
  const mask = Buffer.from([1, 2, 3, 4]);
  const masked = (opcode: number, payload: Buffer) => {
    const data = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
    return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, data]);
  };
  return r.pick([
    masked(1, Buffer.from('{"type":"reply","key":' + deepArray(40) + '}')),
    masked(1, Buffer.from([0xff, 0xfe, 0xfd])),
    masked(8, Buffer.from([0x03, 0xe7])),
    masked(9, Buffer.alloc(125, 1)),
    Buffer.from([0x81, 0x05, 0x68, 0x65, 0x6c, 0x6c, 0x6f]),
    Buffer.from([0x81, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 2, 3, 4]),
    Buffer.from([0x8f, 0x80, 1, 2, 3, 4]),
    Buffer.concat([masked(1, Buffer.from('{"type":"ping"}')), masked(2, Buffer.from('binary'))]),
    Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37) & 0xff)),
  ]);
}

/** Upgrade requests with odd headers and paths, to /dealer and elsewhere; accepted ones get bad frames. */
function upgradeRequest(info: TargetInfo, host: string, port: number, r: Rand): Thrown {
  const token = info.token ?? 'none';
  const target = r.pick([
    `/dealer?access_token=${token}`,
    `/dealer?access_token=${token}`,
    '/dealer',
    '/dealer?access_token=',
    '/dealer?access_token=%zz',
    '/dealer?access_token=' + 'a'.repeat(5000),
    `/dealer/../dealer?access_token=${token}`,
    `//dealer?access_token=${token}`,
    '//[',
    '*',
    `127.0.0.1:${port}`,
    `http://127.0.0.1:${port}/dealer?access_token=${token}`,
    'http://[/dealer',
    '/v1/me',
    '/',
    '/embed/album/x',
    '/%',
  ]);
  const lines = [`GET ${target} HTTP/1.1`, `Host: ${r.chance(0.8) ? host : r.pick(['', '[', 'evil.example'])}`];
  lines.push(`Upgrade: ${r.pick(['websocket', 'websocket', 'WebSocket', 'h2c', 'websocket, foo', '', 'x'.repeat(1000)])}`);
  lines.push(`Connection: ${r.pick(['Upgrade', 'Upgrade', 'keep-alive, Upgrade', 'close', 'upgrade, close'])}`);
  lines.push(`Sec-WebSocket-Version: ${r.pick(['13', '13', '8', 'x', ''])}`);
  lines.push(`Sec-WebSocket-Key: ${r.pick(['dGhlIHNhbXBsZSBub25jZQ==', 'dGhlIHNhbXBsZSBub25jZQ==', 'short', '', '%%%%%%%%%%%%%%%%%%%%%%%%'])}`);
  if (r.chance(0.3))
    lines.push(
      `Sec-WebSocket-Extensions: ${r.pick(['permessage-deflate; client_max_window_bits=99', 'permessage-deflate; server_max_window_bits', 'x; y=="'])}`,
    );
  if (r.chance(0.2)) lines.push(`Sec-WebSocket-Protocol: ${r.pick([',,,', 'a b', 'x'.repeat(2000)])}`);
  if (r.chance(0.2)) lines.push(r.pick(['Content-Length: 5', 'Transfer-Encoding: chunked']));
  const trailing = r.chance(0.2) ? Buffer.from([0x81, 0x83, 0, 0, 0, 0, 0x61, 0x62]) : Buffer.alloc(0);
  return { name: `upgrade ${target.slice(0, 20)}`, bytes: Buffer.concat([Buffer.from(head(lines), 'utf8'), trailing]), after: badFrames(r), timeoutMs: 1500 };
}

/** Content-Length that lies, and chunked bodies that are not. */
function framingRequest(info: TargetInfo, host: string, r: Rand): Thrown {
  const posts = info.routes.filter((route) => route.method === 'POST' || route.method === 'PUT');
  const path = posts.length > 0 ? fillRoute(r.pick(posts).url, r, info) : '/log/analytics';
  const json = r.pick(['{"a":1}', deepArray(100_000), '{"category":"x","action":"y"}']);
  const auth = info.token !== null && r.chance(0.5) ? [`Authorization: Bearer ${info.token}`] : [];
  const base = [`POST ${path} HTTP/1.1`, `Host: ${host}`, 'Content-Type: application/json', ...auth];
  const cases: Array<[string, string[], string, number]> = [
    ['length too long', ['Content-Length: ' + (json.length + 100)], json, 1000],
    ['length too short', ['Content-Length: 3', 'Connection: close'], json + 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', 2000],
    ['length negative', ['Content-Length: -1'], json, 1500],
    ['length not a number', ['Content-Length: abc'], json, 1500],
    ['length list', ['Content-Length: 1, 2'], json, 1500],
    ['two lengths', ['Content-Length: 2', 'Content-Length: 3'], '{}', 1500],
    ['length huge', ['Content-Length: 99999999999999999999'], json, 1500],
    ['length and chunked', ['Content-Length: 5', 'Transfer-Encoding: chunked'], '0\r\n\r\n', 1500],
    ['chunk size not hex', ['Transfer-Encoding: chunked', 'Connection: close'], 'zz\r\nabc\r\n0\r\n\r\n', 1500],
    ['chunk shorter than said', ['Transfer-Encoding: chunked', 'Connection: close'], '5\r\nabc\r\n0\r\n\r\n', 1000],
    ['chunk longer than said', ['Transfer-Encoding: chunked', 'Connection: close'], '3\r\nabcdef\r\n0\r\n\r\n', 1500],
    ['chunk size huge', ['Transfer-Encoding: chunked', 'Connection: close'], 'ffffffffffffffffff\r\nabc\r\n', 1500],
    ['chunk extension', ['Transfer-Encoding: chunked', 'Connection: close'], `${json.length.toString(16)};ext="x"\r\n${json}\r\n0\r\n\r\n`, 2000],
    ['chunk missing CRLF', ['Transfer-Encoding: chunked', 'Connection: close'], '3\r\nabc0\r\n\r\n', 1500],
    [
      'chunked trailer',
      ['Transfer-Encoding: chunked', 'Connection: close'],
      `${json.length.toString(16)}\r\n${json}\r\n0\r\nX-Trailer: ${'y'.repeat(100)}\r\n\r\n`,
      2000,
    ],
    [
      'chunked in pieces',
      ['Transfer-Encoding: chunked', 'Connection: close'],
      [...json.slice(0, 4000)].map((c) => `1\r\n${c}\r\n`).join('') + '0\r\n\r\n',
      3000,
    ],
    ['chunked, gzip', ['Transfer-Encoding: chunked, gzip', 'Connection: close'], '2\r\n{}\r\n0\r\n\r\n', 1500],
    ['gzip only', ['Transfer-Encoding: gzip', 'Connection: close'], '{}', 1500],
    ['chunked twice', ['Transfer-Encoding: chunked', 'Transfer-Encoding: chunked', 'Connection: close'], '2\r\n{}\r\n0\r\n\r\n', 1500],
    ['chunked with space', ['Transfer-Encoding:  chunked ', 'Connection: close'], '2\r\n{}\r\n0\r\n\r\n', 1500],
    ['no colon header', ['NoColonHere', 'Content-Length: 2', 'Connection: close'], '{}', 1500],
    ['folded header', ['X-A: a', ' folded', 'Content-Length: 2', 'Connection: close'], '{}', 1500],
    ['header name with space', ['X A: b', 'Content-Length: 2', 'Connection: close'], '{}', 1500],
    ['NUL in header', ['X-A: a\u0000b', 'Content-Length: 2', 'Connection: close'], '{}', 1500],
    ['huge header', ['X-A: ' + 'a'.repeat(20_000), 'Content-Length: 2', 'Connection: close'], '{}', 1500],
    ['many headers', [...Array.from({ length: 3000 }, (_, i) => `X-${i}: ${i}`), 'Content-Length: 2', 'Connection: close'], '{}', 2000],
    ['expect 100', ['Expect: 100-continue', `Content-Length: ${json.length}`, 'Connection: close'], json, 2000],
    ['expect odd', ['Expect: bogus', 'Content-Length: 2', 'Connection: close'], '{}', 1500],
    ['pipelined', ['Content-Length: 2'], '{}' + `GET / HTTP/1.1\r\nHost: ${host}\r\n\r\nGET //[ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 2000],
  ];
  const [name, extra, body, timeoutMs] = r.pick(cases);
  return { name: `framing: ${name}`, bytes: Buffer.from(head([...base, ...extra]) + body, 'utf8'), timeoutMs };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH', 'QUERY']);

/**
 * The sweep that comes before the random requests, so that even a short run reaches every route:
 * each route once with good parameters and hostile query and headers, and every route that takes a
 * body with 100000-deep JSON, as application/json and as text/plain, with the listener's token.
 */
export function sweep(info: TargetInfo, port: number, r: Rand): Thrown[] {
  const host = `127.0.0.1:${port}`;
  const thrown: Thrown[] = [];
  for (const route of info.routes) {
    const target = fillRoute(route.url, r, info, true);
    const auth = info.token === null ? [] : [`Authorization: Bearer ${info.token}`];
    if (BODY_METHODS.has(route.method)) {
      for (const [type, body] of [
        ['application/json', deepArray(100_000)],
        ['text/plain', deepObject(100_000)],
      ] as const) {
        const lines = [
          `${route.method} ${target} HTTP/1.1`,
          `Host: ${host}`,
          'Connection: close',
          ...auth,
          `Content-Type: ${type}`,
          `Content-Length: ${Buffer.byteLength(body)}`,
        ];
        thrown.push({ name: `${route.method} ${route.url} deep JSON (${type})`, bytes: Buffer.from(head(lines) + body, 'utf8'), timeoutMs: 3000 });
      }
    } else {
      const lines = [`${route.method} ${target}${r.pick(QUERIES)} HTTP/1.1`, `Host: ${host}`, 'Connection: close', ...auth, `Range: ${r.pick(RANGES)}`];
      thrown.push({ name: `${route.method} ${route.url}`, bytes: Buffer.from(head(lines), 'utf8'), timeoutMs: 3000 });
    }
  }
  return thrown;
}

/** The next request to throw: at a route (half), or raw at the socket (request lines, upgrades, framing). */
export function nextRequest(info: TargetInfo, port: number, r: Rand): Thrown {
  const host = `127.0.0.1:${port}`;
  const roll = r.next();
  if (roll < 0.5 && info.routes.length > 0) return routeRequest(info, host, r);
  if (roll < 0.7) return requestLine(info, host, port, r);
  if (roll < 0.85) return upgradeRequest(info, host, port, r);
  return framingRequest(info, host, r);
}

// ---------------------------------------------------------------------------------------------
// The server under attack.

interface Server {
  readonly info: TargetInfo;
  readonly port: number;
  /** Resolves when the process exits (spawned servers only). */
  readonly exited: Promise<number | null> | null;
  hasExited(): boolean;
  stop(): Promise<void>;
}

async function startServer(target: Target): Promise<Server> {
  if (target.kind === 'url') {
    const url = new URL(target.url);
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost' && url.hostname !== '[::1]')
      throw new Error(`fuzz targets loopback only, not ${url.hostname}`);
    return {
      info: { url: target.url, routes: target.routes ?? [{ method: 'GET', url: '/' }], token: target.token ?? null, ids: [] },
      port: Number(url.port || 80),
      exited: null,
      hasExited: () => false,
      stop: async () => undefined,
    };
  }
  const child: ChildProcess = spawn(process.execPath, [target.entry], { env: { ...process.env, ...target.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve((exitCode = code))));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await Promise.race([
    new Promise<string>((resolve) => lines.once('line', resolve)),
    exited.then(() => null),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000).unref()),
  ]);
  if (first === null) {
    child.kill('SIGKILL');
    throw new Error(`the server did not start: ${stderr}`);
  }
  const info = JSON.parse(first) as TargetInfo;
  return {
    info,
    port: Number(new URL(info.url).port),
    exited,
    hasExited: () => exitCode !== undefined,
    stop: async () => {
      if (exitCode !== undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Whether the server still answers a GET of a known page. */
async function answers(port: number): Promise<boolean> {
  const { statuses } = await exchange(port, Buffer.from('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'), 5000);
  return statuses.length > 0 && statuses[0]! < 500;
}

const classOf = (status: number | undefined): StatusClass =>
  status === undefined ? 'none' : status < 200 ? '1xx' : status < 300 ? '2xx' : status < 400 ? '3xx' : status < 500 ? '4xx' : '5xx';

/** Throws `requests` requests (or as many as `seconds` allow) and counts what came back. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const log = options.log ?? (() => undefined);
  const r = rand(options.seed);
  const started = Date.now();
  const byClass: Record<StatusClass, number> = { '1xx': 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, none: 0 };
  const serverErrors: Finding[] = [];
  const deaths: Finding[] = [];
  const unanswered: Record<string, number> = {};
  let server = await startServer(options.target);
  const routes = server.info.routes.length;
  let sent = 0;
  const swept = sweep(server.info, server.port, r);
  try {
    while (sent < options.requests && Date.now() - started < options.seconds * 1000) {
      const thrown = sent < swept.length ? swept[sent]! : nextRequest(server.info, server.port, r);
      sent++;
      const { statuses } = await exchange(server.port, thrown.bytes, thrown.timeoutMs, thrown.after);
      byClass[classOf(statuses[0])]++;
      if (statuses.length === 0) unanswered[thrown.name] = (unanswered[thrown.name] ?? 0) + 1;
      const excerpt = thrown.bytes.subarray(0, 160).toString('latin1').replace(/\r\n/g, '⏎');
      for (const status of statuses.filter((s) => s >= 500)) {
        serverErrors.push({ kind: thrown.name, request: excerpt, status });
        log(`5xx: ${status} for ${thrown.name}: ${excerpt}`);
      }
      // The process must still answer: a death is a spawned server that exited, or one that no longer answers.
      if (!(await answers(server.port))) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const dead = server.hasExited() || !(await answers(server.port));
        if (dead) {
          deaths.push({ kind: thrown.name, request: excerpt, status: statuses[0] ?? null, detail: server.hasExited() ? 'process exited' : 'no answer' });
          log(`death after ${thrown.name}: ${excerpt}`);
          if (options.target.kind === 'url') break;
          await server.stop();
          server = await startServer(options.target);
        }
      }
    }
  } finally {
    await server.stop();
  }
  return { seed: options.seed, requests: sent, seconds: (Date.now() - started) / 1000, routes, byClass, serverErrors, deaths, unanswered };
}

/** The table the command prints. */
export function formatResult(result: FuzzResult): string {
  const c = result.byClass;
  const row = (cells: Array<string | number>) => `| ${cells.map(String).join(' | ')} |`;
  const lines = [
    `fuzz: seed ${result.seed}, ${result.routes} routes, ${result.requests} requests in ${result.seconds.toFixed(1)} s`,
    '',
    row(['requests', '1xx', '2xx', '3xx', '4xx', '5xx', 'no answer/closed', '5xx count', 'process deaths']),
    row(['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    row([result.requests, c['1xx'], c['2xx'], c['3xx'], c['4xx'], c['5xx'], c.none, result.serverErrors.length, result.deaths.length]),
  ];
  for (const finding of result.serverErrors.slice(0, 20)) lines.push(`5xx ${finding.status}: ${finding.kind}: ${finding.request}`);
  for (const finding of result.deaths.slice(0, 20)) lines.push(`death (${finding.detail}): ${finding.kind}: ${finding.request}`);
  const silent = Object.entries(result.unanswered).sort((a, b) => b[1] - a[1]);
  if (silent.length > 0) lines.push('', `no answer/closed, by kind: ${silent.map(([kind, n]) => `${kind} ${n}`).join('; ')}`);
  return lines.join('\n');
}
