import { asyncScheduler } from 'rxjs';
import type { Ports } from '../../core/ports';
import { createAudioElement } from './audio-element';
import { createBrowserClock } from './clock';
import { createFetchHttp } from './fetch-http';
import { createHostWindow } from './host-window';
import { createLocalStorage, type StorageLike } from './local-storage';
import { createBrowserRandom } from './random';

export { createAudioElement } from './audio-element';
export { createBrowserClock } from './clock';
export { createFetchHttp } from './fetch-http';
export { createHostWindow } from './host-window';
export { createLocalStorage } from './local-storage';
export { createBrowserRandom } from './random';
export { createBrowserEme, type EmeElement, type EmeNavigator } from './eme';
export { createBrowserMediaSource, type MediaSourceElement, type MediaSourceWindow } from './media-source';
export { createBrowserSocket, createWebSocketPort, type WebSocketLike } from './web-socket';

/** Storage that is always there: a page may forbid localStorage (privacy settings) and throw on access. */
function storageOf(win: Window): StorageLike {
  try {
    return win.localStorage;
  } catch (err) {
    const refuse = (): never => {
      throw err;
    };
    return { getItem: refuse, setItem: refuse, removeItem: refuse };
  }
}

/** The real ports of the widget in a browser, timed by rxjs's asyncScheduler. */
export function createBrowserPorts(win: Window, audioElement: HTMLAudioElement): Ports {
  const scheduler = asyncScheduler;
  return {
    clock: createBrowserClock(scheduler),
    scheduler,
    random: createBrowserRandom(),
    http: createFetchHttp((url, init) => win.fetch(url, init)),
    storage: createLocalStorage(storageOf(win)),
    host: createHostWindow(win),
    audio: createAudioElement(audioElement),
  };
}
