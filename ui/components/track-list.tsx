import { formatTime } from '../../core/widget/time-format';
import type { Translate } from '../hooks/translate';
import { PlayingIcon } from './icons';

export interface TrackListItem {
  readonly uri: string;
  readonly name: string;
  /** The artists line; spec 000 §2: shown for playlists only (null elsewhere). */
  readonly subtitle: string | null;
  readonly durationMs: number;
}

export interface TrackListProps {
  readonly items: ReadonlyArray<TrackListItem>;
  /** The row showing the playing marker instead of its number. */
  readonly playingUri: string | null;
  readonly t: Translate;
  /** spec 000 §2: clicking a row plays that track by its index. */
  readonly onPlay?: (index: number) => void;
}

/** spec 000 §9 Row heights: 19 px, or 38 px with a subtitle. */
export const ROW_HEIGHT_PX = 19;
export const ROW_HEIGHT_WITH_SUBTITLE_PX = 38;

/** The row's accessible name: the translated "Play {name}" (a translation without {name} is followed by the name). */
export function rowLabel(t: Translate, name: string): string {
  const template = t('play_track');
  return template.includes('{name}') ? template.split('{name}').join(name) : `${template} ${name}`;
}

/**
 * spec 000 §2 Track list table: number or playing marker, title, subtitle (playlists), duration.
 * Each row is a real button (keyboard reachable, named by the translated "Play {name}").
 */
export function TrackList({ items, playingUri, t, onPlay }: TrackListProps) {
  // spec 000 §2: "A track list with no tracks renders nothing."
  if (items.length === 0) return null;
  return (
    <ol className="track-list" aria-label={t('track_list')}>
      {items.map((item, index) => {
        const playing = item.uri === playingUri;
        return (
          <li key={`${index}:${item.uri}`} className="track-list__item">
            <button
              type="button"
              className={playing ? 'track-row track-row--playing' : 'track-row'}
              data-testid="track-row"
              style={{ height: item.subtitle === null ? ROW_HEIGHT_PX : ROW_HEIGHT_WITH_SUBTITLE_PX }}
              aria-label={rowLabel(t, item.name)}
              aria-current={playing ? 'true' : undefined}
              onClick={onPlay === undefined ? undefined : () => onPlay(index)}
            >
              <span className="track-row__number">{playing ? <PlayingIcon /> : index + 1}</span>
              <span className="track-row__text">
                <span className="track-row__title">{item.name}</span>
                {item.subtitle === null ? null : <span className="track-row__subtitle">{item.subtitle}</span>}
              </span>
              <span className="track-row__duration">{formatTime(item.durationMs)}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
