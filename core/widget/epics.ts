import type { Epic } from '../store/store';
import type { Ports } from '../ports';
import { audioEffectsEpic } from './audio-effects.epic';
import { impressionEpic } from './impression.epic';
import { playerEventsEpic, previewCapEpic, trackEndedEpic } from './player-events.epic';
import { firstUseEpic, playToggleEpic, prefetchEpic, seekEpic } from './preview-commands.epic';
import type { WidgetState } from './state';
import { resizeEpic } from './viewport.epic';

/**
 * The widget's epics, in the order the store subscribes them. An action several epics answer is
 * answered in this order (a time update becomes a progress update before the preview cap decides
 * anything), and the action log records that order, so keep it stable.
 * Start-up (session id, first viewport) is not an epic: see bindAdapterFacts.
 */
export const widgetEpics: ReadonlyArray<Epic<WidgetState, Ports>> = [
  prefetchEpic,
  firstUseEpic,
  playToggleEpic,
  seekEpic,
  playerEventsEpic,
  trackEndedEpic,
  previewCapEpic,
  audioEffectsEpic,
  impressionEpic,
  resizeEpic,
];
