import type { EmbedConfig, EmbedData, Resource } from '../model/embed-data';
import type { EngineVideo } from '../contract/events';
import { initialEmbedApiState, type EmbedApiState } from './embed-api/state';
import { initialModal, type ModalState } from './modal/state';
import { initialShareState, type ShareState } from './share/state';
import { initialVolume, type VolumeState } from './volume/state';
import type { RemoteViewState } from './remote/state';

/**
 * The widget's state (spec 000 §3 "Entities and their fields", §4). Plain JSON so that it can
 * sit in the action log header and be folded by replay.
 */
export interface PlaybackState {
  /** spec 000 §4 Playback state: initial state is not playing, not paused. */
  readonly isPlaying: boolean;
  readonly isPaused: boolean;
  readonly trackUri: string | null;
  /** Position in ms (PROGRESS_UPDATE). */
  readonly progress: number;
  /** Length of the current track in ms as the player knows it (capped at 30000 in preview). */
  readonly durationMs: number | null;
  /**
   * spec 000 §4 SKIP_NEXT, SKIP_PREV "mark the skip": the skip the player is carrying out, until it
   * reports the track it reached (or that it could not). Absent when none is (as in logs recorded
   * before the mark, which therefore replay unchanged).
   */
  readonly skip?: SkipDirection;
}

export type SkipDirection = 'next' | 'prev';

export interface PlatformState {
  readonly isMobile: boolean;
  readonly isSafari: boolean;
  readonly mobileAppInstalled: boolean;
  readonly forcePreview: boolean;
  /** The embed page's query string ('' or '?a=b'), read at start-up: the transfer-playback URI carries it (platform/). */
  readonly pageSearch: string;
}

export interface SessionState {
  readonly loggedIn: boolean;
  readonly accessToken: string | null;
}

/** The preview player of spec 001 §4: a track list, an index into it, and where the element is. */
export interface PreviewPlayerState {
  /** spec 000 §2 first-use rule: started on the first pointer entry or the first playback command. */
  readonly started: boolean;
  readonly index: number | null;
  readonly status: 'idle' | 'loading' | 'playing' | 'paused' | 'ended';
  /** Last media error, by the spec's message text (spec 001 §8 Media). */
  readonly error: string | null;
}

export interface WidgetState {
  /** Entities keyed by URI (spec 000 §3); the current resource is one of them. */
  readonly entities: Readonly<Record<string, Resource>>;
  readonly resourceUri: string;
  readonly translations: Readonly<Record<string, string>>;
  readonly locale: string;
  readonly config: EmbedConfig;
  readonly playback: PlaybackState;
  readonly player: PreviewPlayerState;
  readonly platform: PlatformState;
  readonly session: SessionState;
  readonly viewport: { readonly width: number; readonly height: number };
  /** Identifies this page view in logs (spec 000 §7 session_id); drawn from the injected random. */
  readonly sessionId: string | null;
  readonly impression: 'pending' | 'sent' | 'failed';
  /** spec 000 §7 parent-page message interface (embed-api=1). */
  readonly embedApi: EmbedApiState;
  /** spec 000 §3 Share state (view type): the share dialog of spec 000 §2. */
  readonly share: ShareState;
  /** spec 000 §4 Prompt modal (core/widget/modal/). */
  readonly modal: ModalState;
  /** The volume control (core/widget/volume/). */
  readonly volume: VolumeState;
  /**
   * The position the visitor asked for with the progress bar (a drag, a click, the keyboard), kept
   * apart from playback.progress, the position the player confirmed (core/widget/progress-drag.ts).
   * Absent when nothing is asked (as in logs recorded before it, which therefore replay unchanged).
   */
  readonly seekTarget?: SeekTarget;
  /**
   * Issue 16 The controller: the user's devices and what the active one plays (core/widget/remote/).
   * Absent until the first cluster or devices button (as in logs recorded before it).
   */
  readonly remote?: RemoteViewState;
  /**
   * Issue 18 (full playback): the video track the engine plays on its media element (the engine
   * client's mediaElement): the chosen profile's width and height, and the subtitle tracks
   * (language, WebVTT URL). Absent while no video plays (as in logs recorded before it).
   */
  readonly video?: EngineVideo;
}

export interface SeekTarget {
  /** A drag of the bar is in progress: from a primary press to its release (spec 000 §2). */
  readonly dragging: boolean;
  /** The position asked for, in ms of the bar (clamped, spec 000 §5): the pointer's while dragging. */
  readonly positionMs: number;
  /** Player positions still to pass over before the bar gives up on the target (spec 000 §2: 3 renders). */
  readonly skipRenders: number;
}

export const initialPlayback: PlaybackState = {
  isPlaying: false,
  isPaused: false,
  trackUri: null,
  progress: 0,
  durationMs: null,
};

/** spec 000 §4 Start-up: the state is built from the embedded resource and translations. */
export function initialWidgetState(data: EmbedData, viewport = { width: 0, height: 0 }): WidgetState {
  return {
    entities: { [data.resource.uri]: data.resource },
    resourceUri: data.resource.uri,
    translations: data.translations,
    locale: data.locale,
    config: data.config,
    playback: initialPlayback,
    player: { started: false, index: null, status: 'idle', error: null },
    platform: { isMobile: false, isSafari: false, mobileAppInstalled: false, forcePreview: false, pageSearch: '' },
    // spec 000 §3 Session / §6: no session means anonymous.
    session: data.session === undefined ? { loggedIn: false, accessToken: null } : { loggedIn: data.session.loggedIn, accessToken: data.session.accessToken },
    viewport,
    sessionId: null,
    impression: 'pending',
    embedApi: initialEmbedApiState,
    share: initialShareState,
    modal: initialModal,
    volume: initialVolume,
  };
}
