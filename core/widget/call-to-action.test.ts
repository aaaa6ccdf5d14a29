import { produce } from 'immer';
import { initialWidgetState } from './state';
import { albumData } from './testing/album-data';
import { CALL_TO_ACTION_KEYS, selectCallToActionKey } from './call-to-action';

describe('spec 000 §2 Call-to-action text: a "listen to full" text chosen by resource type', () => {
  const base = initialWidgetState(albumData());
  it.each(Object.entries(CALL_TO_ACTION_KEYS))('a %s shows %s', (type, key) => {
    const state = produce(base, (d) => {
      const resource = d.entities[d.resourceUri];
      if (resource !== undefined) (resource as { type: string }).type = type;
    });
    expect(selectCallToActionKey(state)).toBe(key);
  });

  it('every resource type has its own text', () => {
    expect(new Set(Object.values(CALL_TO_ACTION_KEYS)).size).toBe(6);
  });
});
