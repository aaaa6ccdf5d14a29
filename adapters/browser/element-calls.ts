import { Observable } from 'rxjs';

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
