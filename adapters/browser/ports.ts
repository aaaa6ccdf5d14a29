import { asyncScheduler } from 'rxjs';
import type { EnginePort, Ports } from '../../core/ports';
import { createAudioElement } from './audio-element';
import { createBrowserClock } from './clock';
import { createFetchHttp } from './fetch-http';
import { createHostWindow } from './host-window';
import { createLocalStorage, type StorageLike } from './local-storage';
import { createBrowserRandom } from './random';

/** Storage that is always there: a page may forbid localStorage (privacy settings) and throw on access. */
export function storageOf(win: Window): StorageLike {
  try {
    return win.localStorage;
  } catch (err) {
    const refuse = (): never => {
      throw err;
    };
    return { getItem: refuse, setItem: refuse, removeItem: refuse };
  }
}

/** The real ports of the widget in a browser, timed by rxjs's asyncScheduler; the engine is loaded by ui/engine. */
export function createBrowserPorts(win: Window, audioElement: HTMLAudioElement, engine: EnginePort): Ports {
  const scheduler = asyncScheduler;
  return {
    clock: createBrowserClock(scheduler),
    scheduler,
    random: createBrowserRandom(),
    http: createFetchHttp((url, init) => win.fetch(url, init)),
    storage: createLocalStorage(storageOf(win)),
    host: createHostWindow(win),
    audio: createAudioElement(audioElement),
    engine,
  };
}
