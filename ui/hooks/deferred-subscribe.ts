import type { Store } from '../../core/store/store';

type Subscribe = (listener: () => void) => () => void;

/**
 * The store's UI notifications, moved to the task after the one that changed the store, several
 * changes at once. Inside a click the critical work (the store's epics call audio.play()) ends the
 * task, and the browser's own events ('play', 'playing') are not queued behind React's render of
 * the new state (web.dev "Optimize Interaction to Next Paint": yield after the critical work).
 * The render comes one task later, well within the frame.
 */
export function deferredSubscribe(store: Pick<Store<unknown>, 'subscribe'>, post: (run: () => void) => void): Subscribe {
  const listeners = new Set<() => void>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    listeners.forEach((listener) => listener());
  };
  store.subscribe(() => {
    if (scheduled) return;
    scheduled = true;
    post(flush);
  });
  return (listener) => {
    const entry = () => listener();
    listeners.add(entry);
    return () => listeners.delete(entry);
  };
}

/** A macrotask without setTimeout's clamping: a MessageChannel post. */
export function postTask(): (run: () => void) => void {
  const channel = new MessageChannel();
  const queue: Array<() => void> = [];
  channel.port1.onmessage = () => queue.shift()?.();
  return (run) => {
    queue.push(run);
    channel.port2.postMessage(null);
  };
}
