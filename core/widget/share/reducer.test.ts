import { widgetReducer } from '../reducer';
import { initialWidgetState, type WidgetState } from '../state';
import { albumData } from '../testing/album-data';
import * as s from './actions';
import type { ShareView } from './state';

const base = initialWidgetState(albumData());
const withView = (view: ShareView): WidgetState => ({ ...base, share: { view } });

describe('share state (spec 000 §3 Share state, §2 Share dialog)', () => {
  it('starts hidden', () => expect(base.share.view).toBe('hidden'));

  it.each<[ShareView, ReturnType<typeof s.shareOpenRequested | typeof s.shareCopied | typeof s.shareCloseRequested | typeof s.shareCopyFailed>, ShareView]>([
    ['hidden', s.shareOpenRequested(), 'share'],
    ['copied', s.shareOpenRequested(), 'share'],
    ['share', s.shareCopied({ what: 'link' }), 'copied'],
    ['share', s.shareCopied({ what: 'embedCode' }), 'copied'],
    // A copy that completes after the dialog closed leaves it closed.
    ['hidden', s.shareCopied({ what: 'link' }), 'hidden'],
    // spec 000 §2: the close button hides the dialog (the next open shows the share view).
    ['copied', s.shareCloseRequested(), 'hidden'],
    ['share', s.shareCloseRequested(), 'hidden'],
    // spec 000 §7: clipboard failures are not handled.
    ['share', s.shareCopyFailed({ what: 'link', err: 'x' }), 'share'],
  ])('%s + %j -> %s', (from, action, to) => {
    expect(widgetReducer(withView(from), action).share.view).toBe(to);
  });

  it('the confirmation view knows what was copied; opening or closing forgets it (spec 000 §2)', () => {
    const link = widgetReducer(withView('share'), s.shareCopied({ what: 'link' }));
    expect(link.share).toEqual({ view: 'copied', copied: 'link' });
    const embed = widgetReducer(link, s.shareCopied({ what: 'embedCode' }));
    expect(embed.share).toEqual({ view: 'copied', copied: 'embedCode' });
    expect(widgetReducer(embed, s.shareCloseRequested()).share).toEqual({ view: 'hidden' });
    expect(widgetReducer(embed, s.shareOpenRequested()).share).toEqual({ view: 'share' });
    // A late copy after the close leaves nothing behind.
    expect(widgetReducer(withView('hidden'), s.shareCopied({ what: 'embedCode' })).share).toEqual({ view: 'hidden' });
  });

  it('a state from before the share dialog (an older log header) gains the share part', () => {
    const { share: _share, ...old } = base;
    expect(widgetReducer(old as WidgetState, s.shareOpenRequested()).share).toEqual({ view: 'share' });
  });
});
