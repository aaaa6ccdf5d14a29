import { useEffect, useRef } from 'react';
import type { Translate } from '../hooks/translate';
import { iconAttrs, DevicesIcon } from './devices-button';

export { DevicesButton, DevicesIcon, type DevicesButtonProps } from './devices-button';

/*
 * Issue 16 The controller: the devices button (beside the volume control) and the list it opens,
 * as a big streaming service's embed shows them: the user's devices, the active one marked;
 * choosing one moves playback there. Inline SVG icons, decorative: the buttons name them.
 */

/** A device's icon by its spec 001 §3 type: a phone, a speaker, else a computer. */
function DeviceTypeIcon({ type }: { readonly type: string }) {
  if (type === 'smartphone' || type === 'tablet') {
    return (
      <svg {...iconAttrs} width={22} height={22} className="icon icon--device">
        <rect x="7" y="2.5" width="10" height="19" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M11 18.5h2" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    );
  }
  if (type === 'speaker' || type === 'avr' || type === 'stb' || type === 'audio_dongle') {
    return (
      <svg {...iconAttrs} width={22} height={22} className="icon icon--device">
        <rect x="5.5" y="2.5" width="13" height="19" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <circle cx="12" cy="14" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <circle cx="12" cy="6.8" r="1.2" fill="currentColor" />
      </svg>
    );
  }
  return (
    <svg {...iconAttrs} width={22} height={22} className="icon icon--device">
      <rect x="3" y="4" width="18" height="12" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M8 20h8M12 16v4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export interface DeviceListItem {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly active: boolean;
  readonly local: boolean;
}

export interface DeviceListProps {
  readonly devices: ReadonlyArray<DeviceListItem>;
  readonly onChoose: (deviceId: string) => void;
  readonly onClose: () => void;
  readonly t: Translate;
}

/**
 * The user's devices, the active one first and marked (aria-current); a press outside the list or
 * Escape closes it. Focus goes to the list when it opens, so the keyboard can choose at once.
 */
export function DeviceList({ devices, onChoose, onClose, t }: DeviceListProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const onPress = (event: PointerEvent) => {
      const target = event.target as Node | null;
      // The devices button toggles by itself.
      if (target instanceof Element && target.closest('[data-testid="devices-button"]') !== null) return;
      if (ref.current !== null && target !== null && !ref.current.contains(target)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [onClose]);
  const heading = t('devices_heading');
  return (
    <div className="device-list" role="dialog" aria-label={heading} data-testid="device-list" ref={ref} tabIndex={-1}>
      <h2 className="device-list__heading">{heading}</h2>
      {devices.length === 0 ? <p className="device-list__empty">{t('devices_none')}</p> : null}
      <ul className="device-list__items">
        {devices.map((device) => {
          const notes = [device.active ? t('devices_playing') : null, device.local ? t('devices_this_browser') : null].filter((n): n is string => n !== null);
          return (
            <li key={device.id}>
              <button
                type="button"
                className={device.active ? 'device-list__device device-list__device--active' : 'device-list__device'}
                data-testid="device"
                data-device-id={device.id}
                aria-current={device.active ? 'true' : undefined}
                onClick={() => onChoose(device.id)}
              >
                <DeviceTypeIcon type={device.type} />
                <span className="device-list__text">
                  <span className="device-list__name">{device.name}</span>
                  {notes.length === 0 ? null : <span className="device-list__note">{notes.join(' · ')}</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** "Listening on {device}": the line that says which device plays, in the remote-control view. */
export function ListeningOn({ device, t, testId }: { readonly device: string; readonly t: Translate; readonly testId: string }) {
  return (
    <p className="listening-on" data-testid={testId}>
      <DevicesIcon />
      <span className="listening-on__text">{t('remote_listening_on').replace('{device}', device)}</span>
    </p>
  );
}

function ShuffleIcon() {
  return (
    <svg {...iconAttrs} width={16} height={16} className="icon icon--shuffle">
      <path
        d="M3 7h3.5c2 0 3.2 1 4.3 2.6l2.4 3.8C14.3 15 15.5 16 17.5 16H21M3 16h3.5c1.4 0 2.4-.5 3.2-1.3M14.3 8.3C15.1 7.5 16.1 7 17.5 7H21"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
      <path
        d="M18.5 4.5 21 7l-2.5 2.5M18.5 13.5 21 16l-2.5 2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function RepeatIcon({ one }: { readonly one: boolean }) {
  return (
    <svg {...iconAttrs} width={16} height={16} className="icon icon--repeat">
      <path d="M4 12V9.5A2.5 2.5 0 0 1 6.5 7H20M20 12v2.5a2.5 2.5 0 0 1-2.5 2.5H4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <path
        d="M17.5 4.5 20 7l-2.5 2.5M6.5 14.5 4 17l2.5 2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {one ? (
        <text x="12" y="14.5" textAnchor="middle" fontSize="7" fontWeight="700" fill="currentColor">
          1
        </text>
      ) : null}
    </svg>
  );
}

export type RepeatMode = 'OFF' | 'CONTEXT' | 'TRACK';

/** What the repeat button does next: its name says it (off, then the context, then the track). */
const REPEAT_LABEL: Record<RepeatMode, string> = { OFF: 'remote_repeat_context', CONTEXT: 'remote_repeat_track', TRACK: 'remote_repeat_off' };

export interface ShuffleRepeatProps {
  readonly shuffle: boolean;
  readonly repeat: RepeatMode;
  readonly onShuffle: () => void;
  readonly onRepeat: () => void;
  readonly t: Translate;
}

/** The other device's shuffle and repeat (spec 001 §7 set_shuffling_context, set_repeating_*), lit while on. */
export function ShuffleRepeat({ shuffle, repeat, onShuffle, onRepeat, t }: ShuffleRepeatProps) {
  const shuffleLabel = t(shuffle ? 'remote_shuffle_off' : 'remote_shuffle_on');
  const repeatLabel = t(REPEAT_LABEL[repeat]);
  return (
    <>
      <button
        type="button"
        className={shuffle ? 'icon-button remote-toggle remote-toggle--on' : 'icon-button remote-toggle'}
        data-testid="remote-shuffle"
        title={shuffleLabel}
        aria-label={shuffleLabel}
        aria-pressed={shuffle}
        onClick={onShuffle}
      >
        <ShuffleIcon />
      </button>
      <button
        type="button"
        className={repeat === 'OFF' ? 'icon-button remote-toggle' : 'icon-button remote-toggle remote-toggle--on'}
        data-testid="remote-repeat"
        data-repeat={repeat}
        title={repeatLabel}
        aria-label={repeatLabel}
        aria-pressed={repeat !== 'OFF'}
        onClick={onRepeat}
      >
        <RepeatIcon one={repeat === 'TRACK'} />
      </button>
    </>
  );
}
