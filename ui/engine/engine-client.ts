/**
 * The full-playback engine in the browser: its own chunk (build.mjs splitting), loaded by the
 * widget's engine port (engine-port.ts) on a logged-in visitor's first command. It builds the
 * engine's store (core/engine/player) over the real adapters, on its own media element, keeps its
 * action log, and speaks to the widget in commands and events only.
 * The media element is one <video> (issue 18): it plays audio-only MediaSources too, so audio and
 * video tracks share it (MediaSource, EME, the video source). It is hidden until the widget places
 * it (`mediaElement`) for a video track (core/contract/events.ts videoChanged).
 */
import { asyncScheduler, firstValueFrom } from 'rxjs';
import { map } from 'rxjs/operators';
// Each adapter from its own module: through the adapters' index the widget's first chunk would
// reach (and carry) the engine's adapters too.
import { createBrowserClock } from '../../adapters/browser/clock';
import { createBrowserEme } from '../../adapters/browser/eme';
import { createFetchHttp } from '../../adapters/browser/fetch-http';
import { claimBrowserDeviceId } from '../../adapters/browser/device-id-lock';
import { createLocalStorage } from '../../adapters/browser/local-storage';
import { storageOf } from '../../adapters/browser/ports';
import { createBrowserMediaSource } from '../../adapters/browser/media-source';
import { createBrowserVideoSource } from '../../adapters/browser/video-source';
import { createBrowserNetwork } from '../../adapters/browser/network';
import { browserDownlinkMbps, type DownlinkNavigator } from '../../adapters/browser/downlink';
import { createBrowserRandom } from '../../adapters/browser/random';
import { createBrowserSocket } from '../../adapters/browser/web-socket';
import { createDescriptor } from '../../core/engine/device/descriptor';
import { storedDeviceId } from '../../core/engine/device/device-id';
import { encrypted } from '../../core/engine/drm/actions';
import { networkChanged } from '../../core/engine/transport/actions';
import { decodeMediaElementFact } from '../../core/engine/media/element-fact';
import { engineReducer, pageHidden, type EngineState } from '../../core/engine/player';
import { commandInputs } from '../../core/engine/player/client-commands';
import { engineStateAtStart } from '../../core/engine/player/start-state';
import { engineOverTap, type EngineConfig, type EnginePorts } from '../../core/engine/player/tapped-deps';
import { createRecordingTap } from '../../core/store/port-tap';
import { serializeTranscript, TRANSCRIPT_SCHEMA, TRANSCRIPT_WINDOW } from '../../core/store/transcript';
import { createRedactor } from '../../core/store/redact';
import { engineEvents } from '../../core/engine/player/client-events';
import { sessionIdFrom } from '../../core/logging/session-id';
import type { EngineCommand } from '../../core/contract/commands';
import type { Action } from '../../core/store/action';
import { ACTION_LOG_WINDOW, createActionLog, pageLogWindow } from '../../core/store/action-log';
import { createStore } from '../../core/store/store';
import type { EngineClient } from './engine-port';
import { createRemoteController, type RemoteController } from './remote-controller';

export * from './remote-controller';

/** What the widget knows that the engine needs: the provider's hosts (spec 000 §7) and the build. */
export interface EngineClientOptions {
  readonly hosts: { readonly api: string; readonly accounts: string };
  readonly version: string;
}

declare global {
  interface Window {
    /** debug=1 only: the engine's action log, its port transcript and its state, for tests and engineers. */
    __engineDebug?: {
      actionLog: () => string;
      state: () => EngineState;
      session: () => { actionLog: string; transcript: string; state: EngineState };
    };
  }
}

/** spec 001 §9 Codecs: AAC in fragmented MP4. */
const MIME_TYPE = 'audio/mp4; codecs="mp4a.40.2"';
const SDK_NAME = 'embed_v2';
/** The `app` of the engine's action log and transcript (scripts/replay.ts tells the apps apart by it). */
const ENGINE_APP = 'embed-engine';

/** The provider's host as a URL base: '' (this server) is the page's origin. */
const base = (host: string): string => (host === '' ? window.location.origin : host.replace(/\/+$/, ''));

/** The engine as a page holds it: the widget's commands and events, and the remote controller (issue 16). */
export interface EngineClientWithController extends EngineClient {
  readonly controller: RemoteController;
  /** Issue 19 Capture: the engine's action log, port transcript and state (redacted), as debug=1 hands them out. */
  readonly session: () => { actionLog: string; transcript: string; state: EngineState };
  /**
   * Issue 18: the one element the engine plays on (audio and video tracks), hidden and at the end
   * of <body> until the widget moves it where a video shows (on videoChanged with a video).
   */
  readonly mediaElement: HTMLVideoElement;
}

export async function startEngineClient(options: EngineClientOptions): Promise<EngineClientWithController> {
  const element = document.createElement('video');
  element.hidden = true;
  // Inline on phones, and no controls of the browser's own: the widget draws its controls.
  element.playsInline = true;
  document.body.appendChild(element);
  const scheduler = asyncScheduler;
  const random = createBrowserRandom();
  const webStorage = storageOf(window);
  const storage = createLocalStorage(webStorage);
  const api = base(options.hosts.api);
  // spec 001 §4: one id per player, so a page holds one of the browser's ids no other live page
  // holds (two tabs, two widget frames on one page); without Web Locks, the one stored id (§3).
  const claimed = (await claimBrowserDeviceId(window, webStorage, random)) ?? {
    id: await firstValueFrom(storedDeviceId(storage, random)),
    ordinal: 1,
  };
  // spec 001 §3 Device descriptor: this widget as a computer-type device of the provider, named by
  // the default template from the browser (numbered from the second page of the browser on); it
  // plays video (issue 18: manifest_ids_video on its video element).
  const checked = createDescriptor({ id: claimed.id, brand: 'embed', capabilities: { video_playback: true } }, navigator.userAgent, claimed.ordinal);
  if (!checked.ok) throw new Error(checked.err);
  const config: EngineConfig = {
    media: {
      storageResolveBase: `${api}/storage-resolve/files/audio/interactive/`,
      seekTableBase: `${api}/seektable/`,
      mimeType: MIME_TYPE,
      pauseOnQuotaExceeded: false,
      // spec 001 §7 Media: the video manifest by source id (server/video/manifest.ts).
      videoManifestBase: `${api}/manifests/v7/json/sources/`,
    },
    device: { descriptor: checked.descriptor, clientVersion: options.version },
    player: {
      accountsUrl: base(options.hosts.accounts),
      resolveUrl: `${api}/apresolve`,
      apiUrl: api,
      drm: {
        // The reference provider licenses ClearKey, tried after the commercial systems (spec 001 §3).
        localProvider: true,
        licenceUrlEndpoint: `${api}/melody/v1/license_url`,
        serverTimeUrl: `${api}/melody/v1/time`,
        sdkName: SDK_NAME,
        sdkVersion: options.version,
        // spec 001 §7 Media: GET {license host}/v1/application-certificate, authorised (server/licence; ClearKey's is empty).
        applicationCertificateUrl: `${api}/v1/application-certificate`,
      },
    },
    logging: { baseUrl: api, platform: 'web_player', sdkId: SDK_NAME },
  };
  const ports: EnginePorts = {
    clock: createBrowserClock(scheduler),
    scheduler,
    random,
    http: createFetchHttp((url, init) => window.fetch(url, init)),
    storage,
    socket: createBrowserSocket(window),
    eme: createBrowserEme(navigator, element),
    mediaSource: createBrowserMediaSource(window, element),
    video: createBrowserVideoSource(window, element),
  };
  // Every port answer is kept beside the action log, so that the log replays on the engine's epics
  // (core/store/transcript-replay.ts); debug=1 hands both out.
  // Issue 12: the log and the transcript share one redactor, so a token, licence key or cookie has
  // the same placeholder in both (replay feeds the transcript's to the epics, whose calls and
  // actions then carry the recorded one); each keeps a bounded window in memory.
  const redactor = createRedactor();
  const tap = createRecordingTap({ redactor, ...pageLogWindow(window.location.search, TRANSCRIPT_WINDOW) });
  const { epics, deps } = engineOverTap(tap, config, ports);
  // spec 001 §9: the bandwidth estimate starts from the browser's downlink where it gives one.
  const initialState = engineStateAtStart({ downlinkMbps: browserDownlinkMbps(navigator as DownlinkNavigator) });
  const log = createActionLog(
    { app: ENGINE_APP, version: options.version, initialState },
    { redactor, ...pageLogWindow(window.location.search, ACTION_LOG_WINDOW) },
  );
  const store = tap.starting(() => createStore({ reducer: engineReducer, epics, deps, initialState, onEnvelope: log.record }));
  const input = (action: Action, src: 'ui' | 'adapter'): void => tap.input(() => store.dispatch(action, src));
  ports.mediaSource.facts$.subscribe((fact) => input(decodeMediaElementFact(fact, store.getState().media.playId), 'adapter'));
  ports.eme.encrypted$.subscribe((fact) => input(encrypted(fact), 'adapter'));
  createBrowserNetwork(window).subscribe((online) => input(networkChanged({ online }), 'adapter'));
  window.addEventListener('pagehide', () => input(pageHidden(), 'adapter'));
  const transcript = () => {
    const dropped = tap.dropped();
    const header = { kind: 'transcript' as const, schema: TRANSCRIPT_SCHEMA, app: ENGINE_APP, config, ...(dropped === 0 ? {} : { dropped }) };
    return serializeTranscript({ header, entries: tap.entries() });
  };
  // The state as the log has it: its secrets are the log's placeholders, so a replay of the log reaches it.
  const state = () => redactor.redact(store.getState());
  // One call, so that nothing happens between reading the log, its transcript and the state.
  const session = () => ({ actionLog: log.toJsonl(), transcript: transcript(), state: state() });
  if (new URLSearchParams(window.location.search).get('debug') === '1') {
    window.__engineDebug = { actionLog: () => log.toJsonl(), state, session };
  }

  const events$ = engineEvents(store.envelopes$.pipe(map((envelope) => envelope.action)), () => store.getState());

  let initialised = false;
  const send = (command: EngineCommand): void => {
    const inputs = commandInputs(command, initialised, () => sessionIdFrom(random));
    initialised = true;
    for (const action of inputs) input(action, 'ui');
  };
  const controller = createRemoteController(
    {
      actions$: store.envelopes$.pipe(map((envelope) => envelope.action)),
      state$: store.state$,
      // spec 001 §4 Client lifecycle: the controller's first call initialises the client, as a first command does.
      start: () => send({ kind: 'initialise' }),
      input: (action) => input(action, 'ui'),
    },
    checked.descriptor.id,
  );
  return { send, events$, controller, session, mediaElement: element };
}
