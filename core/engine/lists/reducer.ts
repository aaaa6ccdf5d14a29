import type { Action, ActionOf } from '../../store/action';
import type { listActions } from './actions';
import { adoptList, emptyList, loadList, reorder, type ListPlayerState } from './list-player';

type ListAction = ActionOf<(typeof listActions)[number]>;
const isListAction = (action: Action): action is ListAction => action.type.startsWith('list/');

export interface ListSlice {
  readonly list: ListPlayerState;
}

/** spec 001 §4 List player: no list → list loaded → track loading → playing or paused → list ended (cleared). */
export function listReducer(state: ListPlayerState, action: Action): ListPlayerState {
  if (!isListAction(action)) return state;
  switch (action.type) {
    case 'list/loadRequested':
      return loadList(action.tracks, action.startIndex, state);
    case 'list/adopted':
      return adoptList(state, action.tracks, action.index);
    case 'list/trackLoadRequested': {
      const position = state.order.indexOf(action.index);
      return { ...state, status: 'trackLoading', index: action.index, position: position < 0 ? state.position : position };
    }
    case 'list/trackPlaying':
      // spec 001 §9 Max consecutive list errors: a track that plays ends the run of errors.
      return state.status === 'noList' ? state : { ...state, status: 'playing', errors: 0 };
    case 'list/trackPaused':
      return state.status === 'noList' ? state : { ...state, status: 'paused' };
    case 'list/trackFailed':
      // spec 001 §4: "Errors are counted per list".
      return state.status === 'noList' ? state : { ...state, errors: state.errors + 1 };
    // spec 001 §4: "at the end a list-ended event fires and the list clears"; max-list-errors
    // stops it the same way. The options (shuffle, repeat) stay for the next list.
    case 'list/ended':
    case 'list/clearRequested':
    case 'list/maxListErrors':
      return state.status === 'noList' ? state : { ...emptyList, shuffle: state.shuffle, repeat: state.repeat };
    case 'list/orderChanged':
      return reorder(state, action.shuffle, action.order);
    case 'list/repeatChanged':
      return state.repeat === action.mode ? state : { ...state, repeat: action.mode };
    case 'list/navigationRequested':
    case 'list/smartPreviousRequested':
    case 'list/trackLoaded':
    case 'list/trackFinished':
    case 'list/trackLoadCancelled':
    case 'list/restartRequested':
    case 'list/refused':
    case 'list/shuffleRequested':
    case 'list/repeatRequested':
      return state;
    default: {
      const unhandled: never = action;
      return unhandled === undefined ? state : state;
    }
  }
}
