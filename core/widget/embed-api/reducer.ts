import type { Draft } from 'immer';
import type { ActionOf } from '../../store/action';
import type { WidgetState } from '../state';
import type { embedApiCommandReceived, embedApiEnabled } from './actions';
import { initialEmbedApiState } from './state';

type EmbedApiStateAction = ActionOf<typeof embedApiEnabled> | ActionOf<typeof embedApiCommandReceived>;

/** The embed API's state changes; the widget reducer hands it these two actions. */
export function reduceEmbedApi(draft: Draft<WidgetState>, action: EmbedApiStateAction): void {
  // A state from before the embed API (an older log's header) has no such part yet.
  const embedApi = (draft.embedApi ??= { ...initialEmbedApiState });
  if (action.type === 'embedApi/enabled') {
    embedApi.enabled = true;
    return;
  }
  // spec 000 §7: api/connect stores the channelId and starts the updates.
  if (action.command === 'connect') {
    embedApi.connected = true;
    embedApi.channelId = action.channelId;
  }
}
