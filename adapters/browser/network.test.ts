import { createBrowserNetwork } from './network';

describe('the browser network adapter (spec 001 §4 offline and online disconnects start from these events)', () => {
  it("gives false on the window's offline event and true on its online event, and stops listening on unsubscribe", () => {
    const heard: boolean[] = [];
    const subscription = createBrowserNetwork(window).subscribe((online) => heard.push(online));
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    subscription.unsubscribe();
    window.dispatchEvent(new Event('offline'));
    expect(heard).toEqual([false, true]);
  });
});
