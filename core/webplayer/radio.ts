import * as t from 'io-ts';
import { EMPTY, merge, of, type Observable } from 'rxjs';
import { filter, map, mergeMap } from 'rxjs/operators';
import { ENDPOINTS, requestFailed, requestRefused } from '../catalogue';
import type { Action } from '../store/action';
import { defineAction } from '../store/action';
import type { StateObservable } from '../store/store';
import type { TracksSection, WebPlayerState, WebTrack } from './state';

/*
 * Radio stations in the web player (issue 17, spec 001 §7 Radio): a station page lists what the
 * station plays next (server/webplayer/station-pages.ts) as a track list whose context is the
 * station (spotify:station:{type}:{id}); a listener likes or bans a song of it. A ban takes the row
 * away at once and is sent (POST /radio-apollo/v3/mixes/ban/song/{station}/{track}); a refused ban
 * puts the row back. A like marks the row.
 */

/** A station's URI: its track lists play in it, and their rows get like and ban buttons. */
export const isStationUri = (uri: string | null): uri is string =>
  uri !== null && /^spotify:station:(track|artist|album|playlist):[0-9A-Za-z]{1,22}$/.test(uri);

/** The station page's path for a seed (ours: spec 001 §2 names no station path). */
export const stationPath = (type: 'track' | 'artist' | 'album' | 'playlist', id: string): string => `/station/${type}/${id}`;

export interface RadioState {
  /** Liked songs by `${station} ${track}`. */
  readonly liked: Readonly<Record<string, boolean>>;
  /** Feedback sent and not answered yet, numbered: the epic sends each once; a ban keeps the row to put back. */
  readonly pending: ReadonlyArray<{
    readonly seq: number;
    readonly kind: 'like' | 'ban';
    readonly station: string;
    readonly track: WebTrack;
    readonly section: number;
    readonly index: number;
  }>;
  readonly seq: number;
}

export const initialRadioState: RadioState = { liked: {}, pending: [], seq: 0 };

export const radioSongLiked = defineAction('webplayer/radioSongLiked', { section: t.number, index: t.number });
export const radioSongBanned = defineAction('webplayer/radioSongBanned', { section: t.number, index: t.number });
export const radioFeedbackAnswered = defineAction('webplayer/radioFeedbackAnswered', { seq: t.number, ok: t.boolean });

export const likeKey = (station: string, track: string): string => `${station} ${track}`;

const stationRow = (state: WebPlayerState, section: number, index: number): { s: TracksSection; track: WebTrack } | null => {
  const s = state.page.sections[section];
  if (s === undefined || s.kind !== 'tracks' || !isStationUri(s.contextUri)) return null;
  const track = s.rows[index];
  return track === undefined ? null : { s, track };
};

const withRows = (state: WebPlayerState, section: number, rows: readonly WebTrack[]): WebPlayerState => ({
  ...state,
  page: { ...state.page, sections: state.page.sections.map((s, i) => (i === section && s.kind === 'tracks' ? { ...s, rows } : s)) },
});

export function radioReducer(state: WebPlayerState, action: Action): WebPlayerState {
  if (radioSongLiked.match(action) || radioSongBanned.match(action)) {
    const found = stationRow(state, action.section, action.index);
    if (found === null) return state;
    // Feedback is a listener's: an anonymous visitor is offered the log-in page.
    if (!state.loggedIn) return { ...state, loginOffer: 'save' };
    const ban = radioSongBanned.match(action);
    const station = found.s.contextUri!;
    const seq = state.radio.seq + 1;
    const pending = [
      ...state.radio.pending,
      { seq, kind: ban ? ('ban' as const) : ('like' as const), station, track: found.track, section: action.section, index: action.index },
    ];
    const radio: RadioState = {
      seq,
      pending,
      liked: ban ? state.radio.liked : { ...state.radio.liked, [likeKey(station, found.track.uri)]: true },
    };
    const next = { ...state, radio };
    return ban
      ? withRows(
          next,
          action.section,
          found.s.rows.filter((_, i) => i !== action.index),
        )
      : next;
  }
  if (radioFeedbackAnswered.match(action)) {
    const sent = state.radio.pending.find((p) => p.seq === action.seq);
    if (sent === undefined) return state;
    const radio = { ...state.radio, pending: state.radio.pending.filter((p) => p !== sent) };
    if (action.ok) return { ...state, radio };
    if (sent.kind === 'like') return { ...state, radio: { ...radio, liked: { ...radio.liked, [likeKey(sent.station, sent.track.uri)]: false } } };
    // A refused ban: the row comes back where it was.
    const s = state.page.sections[sent.section];
    if (s === undefined || s.kind !== 'tracks') return { ...state, radio };
    const rows = [...s.rows];
    rows.splice(Math.min(sent.index, rows.length), 0, sent.track);
    return withRows({ ...state, radio }, sent.section, rows);
  }
  return state;
}

const PREFIX = 'webplayer-radio-';

/** Sends each feedback once through the request layer and answers it from the layer's answer or failure. */
export const webPlayerRadioEpic = (action$: Observable<Action>, state$: StateObservable<{ readonly webplayer: WebPlayerState }>): Observable<Action> => {
  let sent = state$.value.webplayer.radio.seq;
  const requests$ = action$.pipe(
    mergeMap(() => {
      const fresh = state$.value.webplayer.radio.pending.filter((p) => p.seq > sent);
      if (fresh.length === 0) return EMPTY;
      sent = Math.max(...fresh.map((p) => p.seq));
      return of(
        ...fresh.map((p) =>
          (p.kind === 'ban' ? ENDPOINTS.banRadioSong : ENDPOINTS.likeRadioSong).request({
            requestId: `${PREFIX}${p.seq}`,
            args: { context: p.station, track: p.track.uri },
          }),
        ),
      );
    }),
  );
  const seqOf = (requestId: string): number | null => (requestId.startsWith(PREFIX) ? Number(requestId.slice(PREFIX.length)) : null);
  const answers$ = action$.pipe(
    filter((a) => ENDPOINTS.banRadioSong.answered.match(a) || ENDPOINTS.likeRadioSong.answered.match(a) || requestFailed.match(a) || requestRefused.match(a)),
    map((a) => {
      const seq = seqOf((a as { requestId: string }).requestId);
      // A write answered 204 has a null result and no failure; a failure comes first, with its own null answer after.
      return seq === null ? null : radioFeedbackAnswered({ seq, ok: !(requestFailed.match(a) || requestRefused.match(a)) });
    }),
    filter((a): a is ReturnType<typeof radioFeedbackAnswered> => a !== null),
  );
  return merge(requests$, answers$);
};

/** The header's radio link of a song or an artist page ("Go to song radio", "Go to artist radio"); none for other items. */
export function radioActions(uri: string): Array<{ readonly kind: 'link'; readonly href: string; readonly label: string }> {
  const [, type, id] = uri.split(':');
  if (id === undefined || id === '') return [];
  if (type === 'track') return [{ kind: 'link', href: stationPath('track', id), label: 'Go to song radio' }];
  if (type === 'artist') return [{ kind: 'link', href: stationPath('artist', id), label: 'Go to artist radio' }];
  return [];
}
