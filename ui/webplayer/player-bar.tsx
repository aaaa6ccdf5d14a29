import { useCallback, useEffect, useRef, useState } from 'react';
import { deviceListOf } from '../../core/contract/remote-control';
import type { Action } from '../../core/store/action';
import {
  nextRequested,
  playToggled,
  previousRequested,
  repeatCycled,
  seekRequested,
  shuffleToggled,
  tooltipFor,
  volumeRequested,
  type WebPlayerState,
} from '../../core/webplayer';
import {
  deviceChosen,
  devicesClosed,
  devicesToggled,
  remoteControlStarted,
  selectRemoteDevice,
  selectRemoteView,
  selectShownOptions,
  selectShownVolume,
} from '../../core/webplayer/remote';
import { DeviceList, DevicesButton, ListeningOn, ShuffleRepeat } from '../components/device-picker';
import { createTranslate } from '../hooks/translate';
import en from '../../fixtures/translations/en.json';
import { clock, loginHref } from './format';
import { NextIcon, PauseIcon, PlayIcon, PreviousIcon, VolumeIcon } from './icons';
import { Byline } from './item-header';

/** The progress bar: drags are shown as they go and seek once released; keys seek at once. */
function Progress({ positionMs, durationMs, dispatch }: { positionMs: number; durationMs: number; dispatch: (a: Action) => void }) {
  const [drag, setDrag] = useState<number | null>(null);
  const pressed = useRef(false);
  const shown = drag ?? Math.min(positionMs, durationMs);
  const release = () => {
    pressed.current = false;
    if (drag !== null) dispatch(seekRequested({ positionMs: drag }));
    setDrag(null);
  };
  return (
    <div className="wp-progress">
      <span className="wp-time">{clock(shown)}</span>
      <input
        type="range"
        className="wp-range"
        aria-label="Change progress"
        aria-valuetext={`${clock(shown)} of ${clock(durationMs)}`}
        min={0}
        max={Math.max(durationMs, 1)}
        step={1000}
        value={shown}
        disabled={durationMs === 0}
        style={{ '--wp-fill': `${durationMs === 0 ? 0 : (shown / durationMs) * 100}%` } as React.CSSProperties}
        onPointerDown={() => (pressed.current = true)}
        onPointerUp={release}
        onChange={(e) => {
          const value = Number(e.currentTarget.value);
          if (pressed.current) setDrag(value);
          else dispatch(seekRequested({ positionMs: value }));
        }}
      />
      <span className="wp-time">{clock(durationMs)}</span>
    </div>
  );
}

function Volume({ volume, dispatch }: { volume: number; dispatch: (a: Action) => void }) {
  // The level unmute goes back to: the last one set before muting.
  const [last, setLast] = useState(volume > 0 ? volume : 1);
  const muted = volume === 0;
  return (
    <div className="wp-volume">
      <button
        type="button"
        className="wp-icon"
        aria-label={muted ? 'Unmute' : 'Mute'}
        onClick={() => {
          if (!muted) setLast(volume);
          dispatch(volumeRequested({ volume: muted ? last : 0 }));
        }}
      >
        <VolumeIcon muted={muted} />
      </button>
      <input
        type="range"
        className="wp-range"
        aria-label="Volume"
        min={0}
        max={100}
        step={5}
        value={Math.round(volume * 100)}
        style={{ '--wp-fill': `${volume * 100}%` } as React.CSSProperties}
        onChange={(e) => dispatch(volumeRequested({ volume: Number(e.currentTarget.value) / 100 }))}
      />
    </div>
  );
}

/** The device picker's texts, the widget's (the web player is in English). */
const t = createTranslate(en);

/**
 * Issue 16 The controller: the devices button and the list of the listener's devices it opens (the
 * active one marked); a choice moves playback there. Logged-in listeners only.
 */
function Devices({ state, dispatch }: { state: WebPlayerState; dispatch: (a: Action) => void }) {
  const view = selectRemoteView(state);
  const onClose = useCallback(() => dispatch(devicesClosed()), [dispatch]);
  return (
    <>
      <DevicesButton open={view.listOpen} elsewhere={selectRemoteDevice(state) !== null} onToggle={() => dispatch(devicesToggled())} t={t} />
      {view.listOpen ? <DeviceList devices={deviceListOf(view)} onChoose={(deviceId) => dispatch(deviceChosen({ deviceId }))} onClose={onClose} t={t} /> : null}
    </>
  );
}

/** Shuffle and repeat (spec 001 §3): this engine's, or the other device's while it plays (issue 16); logged-in listeners only. */
function Options({ state, dispatch }: { state: WebPlayerState; dispatch: (a: Action) => void }) {
  const { shuffle, repeat } = selectShownOptions(state);
  const onShuffle = useCallback(() => dispatch(shuffleToggled()), [dispatch]);
  const onRepeat = useCallback(() => dispatch(repeatCycled()), [dispatch]);
  return <ShuffleRepeat shuffle={shuffle} repeat={repeat} onShuffle={onShuffle} onRepeat={onRepeat} t={t} />;
}

/** The persistent player bar: what plays, its controls and progress, the volume; while another device plays, that device's (issue 16). */
export function PlayerBar({ state, dispatch }: { state: WebPlayerState; dispatch: (a: Action) => void }) {
  const { player } = state;
  const current = player.current;
  const label = player.playing ? 'Pause' : 'Play';
  const loaded = current !== null || player.contextUri !== null;
  const elsewhere = selectRemoteDevice(state);
  // Issue 16: a listener's bar follows their devices from the start (the engine observes the cluster),
  // so it shows what another device plays and the devices button lists them.
  const loggedIn = state.loggedIn;
  useEffect(() => {
    if (loggedIn) dispatch(remoteControlStarted());
  }, [loggedIn, dispatch]);
  return (
    <footer className="wp-bar" aria-label="Now playing">
      <div className="wp-bar-track">
        {current?.imageUrl == null ? (
          <span className="wp-bar-cover" aria-hidden="true" />
        ) : (
          <img className="wp-bar-cover" src={current.imageUrl} alt="" width={56} height={56} />
        )}
        <div className="wp-bar-text">
          <span className="wp-now" aria-live="polite">
            {current === null || current.name === '' ? loaded ? '' : '' : <a href={`/${current.uri.split(':')[1] ?? 'track'}/${current.id}`}>{current.name}</a>}
          </span>
          <span className="wp-artists">{current === null ? null : <Byline links={current.artists} />}</span>
          {elsewhere === null ? null : <ListeningOn device={elsewhere.name} t={t} testId="listening-on" />}
        </div>
      </div>
      <div className="wp-controls">
        <div className="wp-buttons">
          <button type="button" className="wp-icon" aria-label="Previous" disabled={!loaded} onClick={() => dispatch(previousRequested())}>
            <PreviousIcon />
          </button>
          <button type="button" className="wp-toggle" onClick={() => dispatch(playToggled())} aria-label={label} title={tooltipFor(state, 'play') ?? label}>
            {player.playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button type="button" className="wp-icon" aria-label="Next" disabled={!loaded} onClick={() => dispatch(nextRequested())}>
            <NextIcon />
          </button>
          {player.mode === 'full' ? <Options state={state} dispatch={dispatch} /> : null}
        </div>
        <Progress positionMs={player.positionMs} durationMs={player.durationMs} dispatch={dispatch} />
      </div>
      <div className="wp-bar-end">
        {player.mode === 'preview' ? (
          <a className="wp-preview-note" href={loginHref(state.page.path)}>
            Preview · Log in for full songs
          </a>
        ) : null}
        {state.loggedIn ? <Devices state={state} dispatch={dispatch} /> : null}
        <Volume volume={selectShownVolume(state)} dispatch={dispatch} />
      </div>
    </footer>
  );
}
