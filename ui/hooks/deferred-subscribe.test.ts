import { deferredSubscribe } from './deferred-subscribe';

function fakeStore() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    change: () => listeners.forEach((l) => l()),
  };
}

describe('deferred UI notifications (the render of a change waits for the next task)', () => {
  it('tells no listener inside the changing task, and tells each once for several changes', () => {
    const store = fakeStore();
    const posted: Array<() => void> = [];
    const subscribe = deferredSubscribe(store, (run) => posted.push(run));
    const heard: string[] = [];
    subscribe(() => heard.push('a'));
    subscribe(() => heard.push('b'));
    store.change();
    store.change();
    expect(heard).toEqual([]);
    expect(posted).toHaveLength(1);
    posted.shift()?.();
    expect(heard).toEqual(['a', 'b']);
    store.change();
    expect(posted).toHaveLength(1);
  });

  it('an unsubscribed listener is not told', () => {
    const store = fakeStore();
    const posted: Array<() => void> = [];
    const heard: string[] = [];
    const unsubscribe = deferredSubscribe(store, (run) => posted.push(run))(() => heard.push('a'));
    store.change();
    unsubscribe();
    posted.shift()?.();
    expect(heard).toEqual([]);
  });
});
