import type { Action } from '../store/action';
import type { Playable } from '../model/embed-data';
import { decideTrack, nextIndex, startIndex, trackListOf, type TrackDecision } from '../lists/preview-player';
import {
  pauseDecided,
  playbackPaused,
  playbackProgressed,
  playbackTrackChanged,
  playDecided,
  playerStarted,
  previewCapReached,
  seekDecided,
  trackLoadDecided,
  trackPrefetchDecided,
  trackUnavailable,
} from './actions';
import { PREVIEW_CAP_MS } from './preview-mode';
import type { WidgetState } from './state';
import { availableTo, visitorOf } from './episode-availability';
import { handsOffToApp, mobileHandoffDecisions } from './platform/mobile-handoff';

/*
 * The preview player's decisions (spec 001 §4 Preview player) as pure functions of the state:
 * each returns the actions an epic emits, in order. Effects follow from those actions
 * (audio-effects.epic.ts), so a replay regenerates the same decisions from the same state.
 */

export function currentTrackList(state: WidgetState): ReadonlyArray<Playable> {
  const resource = state.entities[state.resourceUri];
  return resource === undefined ? [] : trackListOf(resource);
}

/** spec 000 §4 Preview mode: a track's length is capped at 30000 ms. */
export function previewDurationMs(track: Playable): number {
  return Math.min(track.duration_ms, PREVIEW_CAP_MS);
}

const loadAction = (d: Extract<TrackDecision, { kind: 'load' }>) => trackLoadDecided({ index: d.index, uri: d.uri, src: d.src });

/**
 * spec 000 §2 first-use rule: the player starts once, and loads the first playable track right
 * away so that its file is fetched before the first click. Nothing playable: it starts idle and a
 * play command reports the track unavailable.
 */
export function startDecisions(state: WidgetState): Action[] {
  if (state.player.started) return [];
  const first = firstTrackToLoad(state);
  return first === null ? [playerStarted()] : [playerStarted(), loadAction(first)];
}

/** The first playable track with a preview address (spec 001 §5), or null when there is none. */
function firstTrackToLoad(state: WidgetState): Extract<TrackDecision, { kind: 'load' }> | null {
  const list = currentTrackList(state);
  const available = availableTo(visitorOf(state));
  const first = startIndex(list, available);
  const decision = first === null ? null : decideTrack(list, first, available);
  return decision?.kind === 'load' ? decision : null;
}

/** spec 000 §2: before first use, the first playable track is prefetched (metadata only). */
export function prefetchDecisions(state: WidgetState): Action[] {
  // Outside preview mode prefetchEpic does not hear the session start (epics.ts previewOnly): no preview is fetched.
  if (state.player.started) return [];
  const first = firstTrackToLoad(state);
  return first === null ? [] : [trackPrefetchDecided({ index: first.index, uri: first.uri, src: first.src })];
}

/** The index the element holds, or will hold once these start decisions are reduced. */
function loadedIndex(state: WidgetState, decisions: ReadonlyArray<Action>): number | null {
  const load = decisions.find(trackLoadDecided.match);
  return load !== undefined ? load.index : state.player.index;
}

/**
 * spec 000 §4 Play rules, for a play command while nothing plays: start if needed, then one play
 * decision (a single play() call on the first click, inside the click's task).
 */
export function playDecisions(state: WidgetState): Action[] {
  // spec 000 §4 Play rules: "On mobile with the mobile app installed, play hands off to the app."
  if (handsOffToApp(state)) return mobileHandoffDecisions(state);
  const out = startDecisions(state);
  if (loadedIndex(state, out) !== null) return [...out, playDecided()];
  const first = currentTrackList(state)[0];
  // spec 001 §4: no track with playability and a preview address: the unavailable-track callback.
  return first === undefined ? out : [...out, trackUnavailable({ index: 0, uri: first.uri })];
}

/** spec 000 §5 / spec 001 §5: seek is clamped to 0..duration (the duration capped in preview). */
export function seekDecisions(state: WidgetState, positionMs: number): Action[] {
  const out = startDecisions(state);
  const index = loadedIndex(state, out);
  const track = index === null ? undefined : currentTrackList(state)[index];
  if (track === undefined) return out;
  const limit = previewDurationMs(track);
  return [...out, seekDecided({ positionMs: Math.min(Math.max(positionMs, 0), limit) })];
}

/**
 * After a track ended (or hit the preview cap): spec 001 §4 next wraps to the first. Our choice for
 * the end of the list: the first track is loaded and shown paused at 0 rather than played again,
 * so a short list does not loop forever on a page nobody watches; the next click plays it.
 */
export function advanceDecisions(state: WidgetState): Action[] {
  const { index } = state.player;
  if (index === null) return [];
  const list = currentTrackList(state);
  const available = availableTo(visitorOf(state));
  const next = nextIndex(index, list.length);
  if (next > index) {
    const decision = decideTrack(list, next, available);
    if (decision === null) return [];
    return decision.kind === 'load' ? [loadAction(decision), playDecided()] : [trackUnavailable({ index: decision.index, uri: decision.uri })];
  }
  const first = startIndex(list, available);
  const decision = first === null ? null : decideTrack(list, first, available);
  if (decision?.kind !== 'load') return [playbackPaused()];
  const track = list[decision.index] as Playable;
  const rewind =
    track.uri === state.playback.trackUri
      ? playbackProgressed({ progress: 0 })
      : playbackTrackChanged({ uri: track.uri, durationMs: previewDurationMs(track) });
  return [loadAction(decision), playbackPaused(), rewind];
}

/** spec 000 §4 Preview mode: at 30000 ms the track stops and the player moves on as if it ended. */
export function capDecisions(state: WidgetState, positionMs: number): Action[] {
  if (positionMs < PREVIEW_CAP_MS || state.player.status !== 'playing') return [];
  return [previewCapReached({ positionMs }), pauseDecided(), ...advanceDecisions(state)];
}
