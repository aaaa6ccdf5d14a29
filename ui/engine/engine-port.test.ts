import { lastValueFrom, Subject } from 'rxjs';
import type { EngineCommand } from '../../core/ports';
import { createLazyEnginePort, type EngineClient } from './engine-port';

/** A started engine that records what it is sent, and whose events a test emits. */
function fakeClient() {
  const sent: EngineCommand[] = [];
  const events = new Subject<unknown>();
  const client: EngineClient = { send: (command) => sent.push(command), events$: events.asObservable() };
  return { client, sent, events };
}

describe('lazy engine port (issue 5 Widget: the engine is a separate chunk, loaded only for logged-in visitors)', () => {
  it('fetches nothing until the first command (an anonymous widget never sends one)', () => {
    const start = jest.fn(() => Promise.resolve(fakeClient().client));
    const port = createLazyEnginePort(start);
    port.events$.subscribe();
    expect(start).not.toHaveBeenCalled();
  });

  it('the first command starts the engine once; commands sent meanwhile reach it in order', async () => {
    const { client, sent } = fakeClient();
    const start = jest.fn(() => Promise.resolve(client));
    const port = createLazyEnginePort(start);
    await Promise.all([
      lastValueFrom(port.send({ kind: 'initialise' }), { defaultValue: undefined }),
      lastValueFrom(port.send({ kind: 'play', contextUri: 'spotify:album:a', index: 0 }), { defaultValue: undefined }),
    ]);
    await lastValueFrom(port.send({ kind: 'pause' }), { defaultValue: undefined });
    expect(start).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([{ kind: 'initialise' }, { kind: 'play', contextUri: 'spotify:album:a', index: 0 }, { kind: 'pause' }]);
  });

  it("the engine's events reach the widget once it is started (spec 001 §4 Events forwarded)", async () => {
    const { client, events } = fakeClient();
    const port = createLazyEnginePort(() => Promise.resolve(client));
    const heard: unknown[] = [];
    port.events$.subscribe((event) => heard.push(event));
    await lastValueFrom(port.send({ kind: 'initialise' }), { defaultValue: undefined });
    events.next({ kind: 'played' });
    expect(heard).toEqual([{ kind: 'played' }]);
  });

  it('a chunk that fails to load errors the command (the widget reports engineCommandFailed)', async () => {
    const port = createLazyEnginePort(() => Promise.reject(new Error('chunk load failed')));
    await expect(lastValueFrom(port.send({ kind: 'initialise' }))).rejects.toThrow('chunk load failed');
  });

  it('after a failed load, the next command fetches the chunk again rather than failing for ever', async () => {
    const { client, sent } = fakeClient();
    const start = jest.fn().mockRejectedValueOnce(new Error('chunk load failed')).mockResolvedValue(client);
    const port = createLazyEnginePort(start);
    await expect(lastValueFrom(port.send({ kind: 'initialise' }))).rejects.toThrow('chunk load failed');
    await lastValueFrom(port.send({ kind: 'play', contextUri: 'spotify:album:a', index: 0 }), { defaultValue: undefined });
    expect(start).toHaveBeenCalledTimes(2);
    expect(sent).toEqual([{ kind: 'play', contextUri: 'spotify:album:a', index: 0 }]);
  });
});
