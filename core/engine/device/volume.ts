import { debounceTime, map, type OperatorFunction, type SchedulerLike } from 'rxjs';
import { INVALID_POSITION, INVALID_VOLUME, VOLUME_DEBOUNCE_MS, VOLUME_OUT_OF_RANGE, VOLUME_SCALE } from './constants';

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly err: string };

const isNumber = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);

/** spec 001 §5: "Volume must be 0 to 1, else 'Volume should be in range [0, 1]'". */
export function checkVolume(volume: unknown): Checked<number> {
  return isNumber(volume) && volume >= 0 && volume <= 1 ? { ok: true, value: volume } : { ok: false, err: VOLUME_OUT_OF_RANGE };
}

/** spec 001 §5: "Remote volume must be a number of at least 0 ('Invalid volume.')". */
export function checkRemoteVolume(volume: unknown): Checked<number> {
  return isNumber(volume) && volume >= 0 ? { ok: true, value: volume } : { ok: false, err: INVALID_VOLUME };
}

/** spec 001 §5: "Remote seek needs a number of at least 0 ('Invalid position.'). A non-number seek position is refused." */
export function checkRemotePosition(position: unknown): Checked<number> {
  return isNumber(position) && position >= 0 ? { ok: true, value: position } : { ok: false, err: INVALID_POSITION };
}

/** spec 001 §5/§9: volume is "sent as round(65535*volume)". */
export const scaleVolume = (volume: number): number => Math.round(VOLUME_SCALE * volume);

/**
 * spec 001 §7 PUT devices/{deviceId}/volume "debounced 1 s" (§9 debounce 1000 ms): only the last
 * volume of a burst is sent, 1000 ms after the burst's last change, already scaled.
 */
export function debounceVolume(scheduler: SchedulerLike): OperatorFunction<number, number> {
  return (volume$) => volume$.pipe(debounceTime(VOLUME_DEBOUNCE_MS, scheduler), map(scaleVolume));
}
