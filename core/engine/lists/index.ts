/**
 * The list player and client command rules of spec 001 (§4 Client lifecycle, Commands, Smart
 * previous, List player; §5; §9). Mount: state `{ list: emptyList }` with listReducer and listEpic;
 * the client gates its commands with gateCommands and initialises with clientInitialisation.
 */
export * from './actions';
export * from './constants';
export {
  emptyList,
  hasPrevious,
  landing,
  landingPosition,
  loadList,
  navigate,
  reorder,
  shuffledOrder,
  type ListPlayerState,
  type ListStatus,
  type ListTrack,
  type Step,
} from './list-player';
export { listReducer, type ListSlice } from './reducer';
export { listEpic, optionsEpic, type ListDeps, type ListEpic } from './list.epics';
export { latestNavigation, type NavigationOutcome } from './navigation';
export { checkSeek, clampSeek, seekStep, smartPrevious } from './smart-previous';
export { clientInitialisation, gateCommands, type Gate, type PlayerAvailability } from './command-queue';
