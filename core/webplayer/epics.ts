import { EMPTY, concat, merge, type Observable } from 'rxjs';
import { catchError, filter, ignoreElements, map, mergeMap } from 'rxjs/operators';
import { ENDPOINTS } from '../catalogue';
import type { Action } from '../store/action';
import type { StateObservable } from '../store/store';
import { webPlayerLibraryEpic } from './library';
import { webPlayerPlaylistEpic } from './playlist-page';
import { webPlayerRadioEpic } from './radio';
import { webPlayerRemoteTickEpic } from './remote';
import { engineEventReceived, nowPlayingKnown, type PreviewStep, type WebPlayerState } from './state';
import { obj, webTrackOf } from './web-objects';

/** The preview element the page plays previews with: the widget's (adapters/browser/audio-element.ts createAudioElement fits). */
export interface PreviewElement {
  load(src: string): Observable<void>;
  play(): Observable<void>;
  pause(): Observable<void>;
  seek(positionMs: number): Observable<void>;
  setVolume(volume: number): Observable<void>;
}

export interface WebPlayerDeps {
  readonly preview: PreviewElement;
}

export type WebPlayerEpic = (
  action$: Observable<Action>,
  state$: StateObservable<{ readonly webplayer: WebPlayerState }>,
  deps: WebPlayerDeps,
) => Observable<Action>;

const runStep = (element: PreviewElement, step: PreviewStep): Observable<void> => {
  switch (step.kind) {
    case 'load':
      return element.load(step.src);
    case 'play':
      return element.play();
    case 'pause':
      return element.pause();
    case 'seek':
      return element.seek(step.positionMs);
    case 'volume':
      return element.setVolume(step.volume);
  }
};

/**
 * Preview mode's effects (spec 001 §4 preview player): each numbered list of steps runs once on
 * the element, inside the dispatch that asked for it, so a play() runs in the visitor's click
 * (the browser's autoplay policy), as the widget's preview player does. A refused play() is the
 * element's own 'pause' state: nothing to report beyond what its facts say.
 */
export const webPlayerPreviewEpic: WebPlayerEpic = (action$, state$, deps) => {
  let done = state$.value.webplayer.preview?.seq ?? 0;
  return action$.pipe(
    mergeMap(() => {
      const preview = state$.value.webplayer.preview;
      if (preview === null || preview.seq <= done) return EMPTY;
      done = preview.seq;
      // A failed element call (no source, autoplay refused) leaves the bar as the element's facts say.
      return concat(...preview.steps.map((step) => runStep(deps.preview, step).pipe(catchError(() => EMPTY))));
    }),
    ignoreElements(),
  );
};

const NOW_PLAYING = 'webplayer-nowplaying-';

/**
 * What the engine plays when the page has no row for it (a card's album, the next track of a
 * context beyond the page's rows): its name, artists and cover are asked through the request
 * layer (spec 001 §7 GET /tracks/{id}, /episodes/{id}), for logged-in listeners (the engine plays only theirs).
 */
export const webPlayerNowPlayingEpic: WebPlayerEpic = (action$, state$) =>
  merge(
    action$.pipe(
      filter(engineEventReceived.match),
      mergeMap(() => {
        const { current } = state$.value.webplayer.player;
        if (current === null || current.name !== '' || !state$.value.webplayer.loggedIn) return [];
        const requestId = `${NOW_PLAYING}${current.uri}`;
        const type = current.uri.split(':')[1];
        if (type === 'episode') return [ENDPOINTS.episode.request({ requestId, args: { id: current.id } })];
        return type === 'track' ? [ENDPOINTS.track.request({ requestId, args: { id: current.id } })] : [];
      }),
    ),
    action$.pipe(
      filter((a) => ENDPOINTS.track.answered.match(a) || ENDPOINTS.episode.answered.match(a)),
      map((a) => a as Action & { requestId: string; result: unknown }),
      filter((a) => a.requestId.startsWith(NOW_PLAYING) && a.result !== null),
      map((a) => nowPlayingKnown({ track: webTrackOf(obj(a.result)) })),
    ),
  );

/** The web player's epics; a feature adds its epic here (one line) and its reducer to WEBPLAYER_REDUCERS (reducer.ts). */
export const WEBPLAYER_EPICS: readonly WebPlayerEpic[] = [
  webPlayerLibraryEpic,
  webPlayerPreviewEpic,
  webPlayerNowPlayingEpic,
  webPlayerPlaylistEpic,
  webPlayerRemoteTickEpic,
  webPlayerRadioEpic,
];
