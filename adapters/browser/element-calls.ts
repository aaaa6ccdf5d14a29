import { Observable, merge } from 'rxjs';
import type { AudioFact, MediaElementFact } from '../../core/ports';

/** The media events both audio ports report as facts (core/ports.ts AudioFact and MediaElementFact kinds are their names). */
export const ELEMENT_FACT_EVENTS: ReadonlyArray<Extract<AudioFact['kind'], MediaElementFact['kind']>> = [
  'loadedmetadata',
  'canplaythrough',
  'playing',
  'pause',
  'ended',
  'timeupdate',
  'waiting',
  'error',
];

/** The element's fact events, each read into a fact by `factOf` when it fires. */
export function elementFacts<F>(
  element: Pick<HTMLMediaElement, 'addEventListener' | 'removeEventListener'>,
  factOf: (kind: (typeof ELEMENT_FACT_EVENTS)[number]) => F,
): Observable<F> {
  return merge(
    ...ELEMENT_FACT_EVENTS.map(
      (kind) =>
        new Observable<F>((subscriber) => {
          const listener = (): void => subscriber.next(factOf(kind));
          element.addEventListener(kind, listener);
          return () => element.removeEventListener(kind, listener);
        }),
    ),
  );
}

/** Runs an element call on subscription; a throw errors the Observable. */
export function call(work: () => void): Observable<void> {
  return new Observable<void>((subscriber) => {
    try {
      work();
    } catch (err) {
      subscriber.error(err);
      return;
    }
    subscriber.next();
    subscriber.complete();
  });
}

/** The media element calls both audio ports make: play, pause, seek (ms) and volume (0..1). */
export function elementControls(element: Pick<HTMLMediaElement, 'play' | 'pause' | 'currentTime' | 'volume'>) {
  return {
    /** Errors with the rejection (NotAllowedError: autoplay blocked). */
    play: () =>
      new Observable<void>((subscriber) => {
        let pending: Promise<void> | undefined;
        try {
          pending = element.play();
        } catch (err) {
          subscriber.error(err);
          return;
        }
        // Old browsers return nothing: the call itself is the answer.
        if (pending === undefined) {
          subscriber.next();
          subscriber.complete();
          return;
        }
        pending.then(
          () => {
            subscriber.next();
            subscriber.complete();
          },
          (err: unknown) => subscriber.error(err),
        );
      }),
    pause: () => call(() => element.pause()),
    seek: (positionMs: number) =>
      call(() => {
        element.currentTime = positionMs / 1000;
      }),
    setVolume: (volume: number) =>
      call(() => {
        element.volume = volume;
      }),
  };
}
