import * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import { Observable } from 'rxjs';
import { formatDecodeErrors } from '../../model/decode-errors';
import type { PortTap } from '../../store/port-tap';
import type { EmeSession, SocketConnection, VideoBufferKind } from '../../ports';
import type { LoggingConfig } from '../tracking/log-sender.epics';
import { DeviceCapabilities } from '../device/descriptor';
import type { Epic } from '../../store/store';
import type { EngineDeps, EngineState } from './deps';
import { engineEpics } from './index';

/** What the engine is built from besides its ports: plain data, kept in a transcript's header so replay builds the same engine. */
export interface EngineConfig {
  readonly media: EngineDeps['media'];
  readonly device: EngineDeps['device'];
  readonly player: EngineDeps['player'];
  readonly logging: LoggingConfig;
}

export type EnginePorts = Omit<EngineDeps, 'media' | 'device' | 'player'>;

/**
 * The engine's deps with every port passing through `tap`: the recording tap in the browser
 * (ui/engine/engine-client.ts), the replay tap in engine replay, which never reaches `ports`.
 * Socket connections and licence sessions get ids, so their later calls name which one they are.
 */
export function tapEngineDeps(tap: PortTap, config: EngineConfig, ports?: EnginePorts): EngineDeps {
  const real = (): EnginePorts => {
    if (ports === undefined) throw new Error('Replay reached a real port: every port answer must come from the transcript.');
    return ports;
  };
  const connections = new Map<number, SocketConnection>();
  const sessions = new Map<number, EmeSession>();
  const held = <T>(map: Map<number, T>, id: number): T => {
    const value = map.get(id);
    if (value === undefined) throw new Error(`No port object ${id} was opened.`);
    return value;
  };
  const opened = <T>(map: Map<number, T>, value: T): number => {
    map.set(map.size, value);
    return map.size - 1;
  };
  // Element facts and encrypted events enter the engine's store as inputs (engine-client.ts), never through its epics.
  const inputsOnly = (name: string) =>
    new Observable<never>((subscriber) => subscriber.error(new Error(`${name} reaches the engine as inputs, not through its ports`)));

  return {
    media: config.media,
    device: config.device,
    player: config.player,
    clock: { now: () => tap.value('clock.now', [], () => real().clock.now()) },
    scheduler: tap.scheduler(() => real().scheduler),
    random: { next: () => tap.value('random.next', [], () => real().random.next()) },
    http: { request: (request) => tap.stream('http.request', [request], () => real().http.request(request)) },
    storage: {
      read: (key) => tap.stream('storage.read', [key], () => real().storage.read(key)),
      write: (key, value) => tap.stream('storage.write', [key, value], () => real().storage.write(key, value)),
      remove: (key) => tap.stream('storage.remove', [key], () => real().storage.remove(key)),
    },
    socket: {
      open: (url) => {
        const id = tap.value('socket.open', [url], () => opened(connections, real().socket.open(url)));
        return {
          events$: tap.stream(`socket.${id}.events$`, [], () => held(connections, id).events$),
          send: (text) => tap.value(`socket.${id}.send`, [text], () => held(connections, id).send(text)),
          close: (code, reason) => tap.value(`socket.${id}.close`, [code, reason], () => held(connections, id).close(code, reason)),
        };
      },
    },
    eme: {
      requestMediaKeySystemAccess: (candidates) =>
        tap.stream('eme.requestMediaKeySystemAccess', [candidates], () => real().eme.requestMediaKeySystemAccess(candidates)),
      createMediaKeys: () => tap.stream('eme.createMediaKeys', [], () => real().eme.createMediaKeys()),
      setMediaKeys: () => tap.stream('eme.setMediaKeys', [], () => real().eme.setMediaKeys()),
      setServerCertificate: (certificate) => tap.stream('eme.setServerCertificate', [certificate], () => real().eme.setServerCertificate(certificate)),
      createSession: (initDataType, initData) => {
        const id = tap.value('eme.createSession', [initDataType, initData], () => opened(sessions, real().eme.createSession(initDataType, initData)));
        return {
          events$: tap.stream(`eme.session.${id}.events$`, [], () => held(sessions, id).events$),
          update: (licence) => tap.stream(`eme.session.${id}.update`, [licence], () => held(sessions, id).update(licence)),
        };
      },
      encrypted$: inputsOnly('eme.encrypted$'),
    },
    mediaSource: {
      isTypeSupported: (mimeType) => tap.value('mediaSource.isTypeSupported', [mimeType], () => real().mediaSource.isTypeSupported(mimeType)),
      attach: (mimeType) => tap.stream('mediaSource.attach', [mimeType], () => real().mediaSource.attach(mimeType)),
      fetchRange: (key, url, range) => tap.stream('mediaSource.fetchRange', [key, url, range], () => real().mediaSource.fetchRange(key, url, range)),
      // The offset only when there is one: sessions recorded before it replay as they were.
      append: (key, offsetMs) =>
        tap.stream('mediaSource.append', offsetMs === undefined ? [key] : [key, offsetMs], () => real().mediaSource.append(key, offsetMs)),
      remove: (startMs, endMs) => tap.stream('mediaSource.remove', [startMs, endMs], () => real().mediaSource.remove(startMs, endMs)),
      endOfStream: () => tap.stream('mediaSource.endOfStream', [], () => real().mediaSource.endOfStream()),
      setDuration: (durationMs) => tap.stream('mediaSource.setDuration', [durationMs], () => real().mediaSource.setDuration(durationMs)),
      play: () => tap.stream('mediaSource.play', [], () => real().mediaSource.play()),
      pause: () => tap.stream('mediaSource.pause', [], () => real().mediaSource.pause()),
      seek: (positionMs) => tap.stream('mediaSource.seek', [positionMs], () => real().mediaSource.seek(positionMs)),
      setVolume: (volume) => tap.stream('mediaSource.setVolume', [volume], () => real().mediaSource.setVolume(volume)),
      facts$: inputsOnly('mediaSource.facts$'),
    },
    // Issue 18: only where the engine has one (replay: where its config names the video manifest).
    ...((ports === undefined ? config.media.videoManifestBase === undefined : ports.video === undefined)
      ? {}
      : {
          video: {
            isTypeSupported: (type: string) => tap.value('video.isTypeSupported', [type], () => real().video!.isTypeSupported(type)),
            attach: (types: Readonly<Record<VideoBufferKind, string>>, durationMs: number) =>
              tap.stream('video.attach', [types, durationMs], () => real().video!.attach(types, durationMs)),
            fetchSegment: (key: string, url: string) => tap.stream('video.fetchSegment', [key, url], () => real().video!.fetchSegment(key, url)),
            append: (kind: VideoBufferKind, key: string) => tap.stream('video.append', [kind, key], () => real().video!.append(kind, key)),
            endOfStream: () => tap.stream('video.endOfStream', [], () => real().video!.endOfStream()),
          },
        }),
  };
}

const engineConfigCodec = t.type({
  media: t.intersection([
    t.type({ storageResolveBase: t.string, seekTableBase: t.string, mimeType: t.string, pauseOnQuotaExceeded: t.boolean }),
    t.partial({ videoManifestBase: t.string }),
  ]),
  device: t.type({
    descriptor: t.type({
      id: t.string,
      type: t.string,
      brand: t.string,
      model: t.string,
      name: t.string,
      platform_identifier: t.string,
      platform_version: t.string,
      metadata: t.record(t.string, t.string),
      capabilities: DeviceCapabilities,
    }),
    clientVersion: t.string,
  }),
  player: t.type({
    accountsUrl: t.string,
    resolveUrl: t.string,
    apiUrl: t.string,
    drm: t.intersection([
      t.type({ localProvider: t.boolean, licenceUrlEndpoint: t.string, serverTimeUrl: t.string, sdkName: t.string, sdkVersion: t.string }),
      t.partial({ applicationCertificateUrl: t.string }),
    ]),
  }),
  logging: t.type({ baseUrl: t.string, platform: t.string, sdkId: t.string }),
});

/** A transcript header's config, decoded (it comes from a file). */
export function decodeEngineConfig(config: unknown): EngineConfig {
  const decoded = engineConfigCodec.decode(config);
  if (isLeft(decoded)) throw new Error(`The transcript's engine config is not valid: ${formatDecodeErrors(decoded.left)}`);
  return decoded.right;
}

/** The engine's epics and deps over a tap: the browser's recording one (with the real ports) or a replay's. */
export function engineOverTap(
  tap: PortTap,
  config: EngineConfig,
  ports?: EnginePorts,
): { readonly epics: ReadonlyArray<Epic<EngineState, EngineDeps>>; readonly deps: EngineDeps } {
  return { epics: engineEpics(config.logging), deps: tapEngineDeps(tap, config, ports) };
}

/** Builds the engine for replay over a transcript (core/store/transcript-replay.ts): its config from the header, every port from the tap. */
export const engineReplayBuild = (tap: PortTap, config: unknown) => engineOverTap(tap, decodeEngineConfig(config));
