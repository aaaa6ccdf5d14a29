import { act } from 'react';
import { shareOpenRequested } from '../../core/widget/actions';
import { StoreProvider } from '../hooks/store-context';
import { cleanup, render, testStore } from '../test/render';
import type { Extras } from './extras-loader';
import { testEmbedData } from './test-embed-data';

// The chunk as a test controls it: each loadExtras() call takes the next answer.
const answers: Array<() => Promise<Extras>> = [];
const calls = { count: 0 };
jest.doMock('./extras-loader', () => ({
  loadedExtras: () => undefined,
  loadExtras: () => {
    calls.count += 1;
    const next = answers.shift();
    return next === undefined ? Promise.reject(new Error('no answer')) : next();
  },
}));

// Loaded after the mock (this project's transform does not hoist jest.mock above the imports).
let parts: typeof import('./share-parts');
beforeAll(async () => {
  parts = await import('./share-parts');
});

afterEach(() => {
  cleanup();
  answers.length = 0;
  calls.count = 0;
});

const t = (key: string) => key;
const chunkWithDialog = { ShareDialog: () => <div data-testid="share-dialog">dialog</div> } as unknown as Extras;

/** Lets the loader's promise settle and React commit what follows. */
const settle = () => act(async () => Promise.resolve());

describe('a part of the lazy chunk when the chunk cannot be had (ui/widget/lazy-extra.tsx): the widget stays alive and a later click tries again', () => {
  it('the share click whose chunk failed (every retry) shows no dialog, closes it again, throws nothing into React; the next click loads it', async () => {
    const { ShareButton, ShareSlot } = parts;
    const { store, actions } = testStore(testEmbedData);
    const { container } = render(
      <StoreProvider store={store}>
        <ShareButton t={t} />
        <ShareSlot />
      </StoreProvider>,
    );
    answers.push(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    act(() => store.dispatch(shareOpenRequested()));
    await settle();
    expect(calls.count).toBe(1);
    expect(container.querySelector('[data-testid=share-dialog]')).toBeNull();
    // The widget's own part (the first frame's share button) is still mounted: nothing unmounted the root.
    expect(container.querySelector('[data-testid=share-button]')).not.toBeNull();
    expect(store.getState().share.view).toBe('hidden');
    expect(actions().map((a) => a.type)).toEqual(['share/openRequested', 'share/closeRequested']);

    answers.push(() => Promise.resolve(chunkWithDialog));
    act(() => container.querySelector<HTMLButtonElement>('[data-testid=share-button]')?.click());
    await settle();
    expect(calls.count).toBe(2);
    expect(container.querySelector('[data-testid=share-dialog]')).not.toBeNull();
  });
});
