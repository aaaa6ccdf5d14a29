// The web player's page state (issue 17): pages of sections, the default playback context of spec 001 §2, the player bar, the library.
export * from './state';
export * from './web-objects';
export * from './sections';
export * from './default-context';
export * from './player';
export * from './library';
export * from './playlist-editing';
export * from './playlist-page';
export * from './radio';
export * from './tooltips';
export * from './queue';
export * from './reducer';
export * from './epics';
export * from './video-preview';
