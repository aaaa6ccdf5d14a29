import { asyncScheduler, lastValueFrom, Subject } from 'rxjs';
import { LIST_PLAYER_NO_TRACK_PLAYER } from '../../core/contract';
import type { EngineCommand } from '../../core/ports';
import { createLazyEnginePort, type EngineClient } from './engine-port';

/** Retries at once (the waits themselves: core/widget/lazy-script-retry.test.ts). */
const twoQuickRetries = { scheduler: asyncScheduler, delaysMs: [0, 0] };

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

  it('engine.js failing once: the start is tried again and the command reaches the engine, with no failure told', async () => {
    const { client, sent } = fakeClient();
    const start = jest.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(client);
    const port = createLazyEnginePort(start, twoQuickRetries);
    const heard: unknown[] = [];
    port.events$.subscribe((event) => heard.push(event));
    await lastValueFrom(port.send({ kind: 'play', contextUri: 'spotify:album:a', index: 0 }), { defaultValue: undefined });
    expect(start).toHaveBeenCalledTimes(2);
    expect(sent).toEqual([{ kind: 'play', contextUri: 'spotify:album:a', index: 0 }]);
    expect(heard).toEqual([]);
  });

  it('engine.js that cannot be had: after every retry, an initialization failure "no track player" (spec 000 §4: the widget falls back to the preview), and the command errors', async () => {
    const start = jest.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const port = createLazyEnginePort(start, twoQuickRetries);
    const heard: unknown[] = [];
    port.events$.subscribe((event) => heard.push(event));
    await expect(lastValueFrom(port.send({ kind: 'initialise' }))).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(start).toHaveBeenCalledTimes(3);
    expect(heard).toEqual([
      {
        kind: 'initializationFailed',
        code: LIST_PLAYER_NO_TRACK_PLAYER,
        message: 'The engine could not be loaded: Failed to fetch dynamically imported module',
      },
    ]);
  });

  it('after a start that failed for good, the next command fetches the chunk again rather than failing for ever', async () => {
    const { client, sent } = fakeClient();
    const start = jest
      .fn()
      .mockRejectedValueOnce(new Error('chunk load failed'))
      .mockRejectedValueOnce(new Error('chunk load failed'))
      .mockResolvedValue(client);
    const port = createLazyEnginePort(start, { scheduler: asyncScheduler, delaysMs: [0] });
    await expect(lastValueFrom(port.send({ kind: 'initialise' }))).rejects.toThrow('chunk load failed');
    await lastValueFrom(port.send({ kind: 'play', contextUri: 'spotify:album:a', index: 0 }), { defaultValue: undefined });
    expect(start).toHaveBeenCalledTimes(3);
    expect(sent).toEqual([{ kind: 'play', contextUri: 'spotify:album:a', index: 0 }]);
  });
});
