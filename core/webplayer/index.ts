// The web player's page state (issue 17): the default playback context of spec 001 §2, the player bar's commands, saving.
export * from './state';
export * from './default-context';
export * from './reducer';
export * from './epics';
