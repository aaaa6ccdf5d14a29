import { EMPTY, concat, defer, from, interval, type Observable } from 'rxjs';
import { filter, map, switchMap, takeWhile } from 'rxjs/operators';
import type { Action } from '../../store/action';
import { playbackPaused, playbackPlayed, playbackProgressed, playbackReset, playbackTrackChanged } from '../actions';
import { isPreviewMode } from '../preview-mode';
import type { WidgetState } from '../state';
import type { WidgetEpic } from '../widget-epic';
import { remoteStateReceived } from './state-received';
import { selectRemotePlaying, selectRemoteView } from './state';

/** How often the shown position of the other device moves on (ours: the bar's resolution is a second). */
export const REMOTE_TICK_MS = 1000;

/** The playback facts that make the widget show what the other device plays (spec 000 §4 Playback state). */
function mirrorFacts(state: WidgetState): Action[] {
  const playing = selectRemotePlaying(state);
  if (playing === null) return [];
  const { playback } = state;
  const facts: Action[] = [];
  if (playback.trackUri !== playing.uri) facts.push(playbackTrackChanged({ uri: playing.uri, durationMs: playing.durationMs }));
  if (playing.paused && (playback.isPlaying || !playback.isPaused)) facts.push(playbackPaused());
  if (!playing.paused && !playback.isPlaying) facts.push(playbackPlayed());
  facts.push(playbackProgressed({ progress: Math.min(playing.positionMs, playing.durationMs || playing.positionMs) }));
  return facts;
}

/**
 * Issue 16 The controller: while another device is the active one, the widget's playback state is
 * that device's (track, playing or paused, position), so the cover, the play button, the progress
 * bar and the playing row show it. The position advances here, on the widget's scheduler, from the
 * one the cluster gave: no polling of the service. When playback leaves the other device for none,
 * the widget resets; when it comes here, this engine's own events take over.
 */
export const remoteMirrorEpic: WidgetEpic = (action$, state$, deps) =>
  defer(() => {
    let mirroring = false;
    return action$.pipe(
      filter((a) => remoteStateReceived.match(a) && !isPreviewMode(state$.value)),
      switchMap((): Observable<Action> => {
        const state = state$.value;
        const playing = selectRemotePlaying(state);
        if (playing === null) {
          const was = mirroring;
          mirroring = false;
          const remote = selectRemoteView(state);
          const here = remote.devices.some((d) => d.local && d.id === remote.activeDeviceId);
          return was && !here ? from([playbackReset()]) : EMPTY;
        }
        mirroring = true;
        const facts = from(mirrorFacts(state));
        if (playing.paused) return facts;
        const end = playing.durationMs > 0 ? playing.durationMs : Infinity;
        const ticks = interval(REMOTE_TICK_MS, deps.scheduler).pipe(
          map((n) => Math.min(end, playing.positionMs + (n + 1) * REMOTE_TICK_MS)),
          takeWhile((position) => position < end, true),
          map((position) => playbackProgressed({ progress: position })),
        );
        return concat(facts, ticks);
      }),
    );
  });
