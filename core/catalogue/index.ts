/*
 * The library and catalogue request layer of spec 001 §1 ("used by the wider web player"): the
 * calls of §7 Catalogue API, Collection service and Other services as request actions and answers.
 */
export * from './actions';
export * from './constants';
export * from './endpoints';
export * from './epics';
export * from './reducer';
export * from './request';
export * from './state';
export * from './terms';
export type { CatalogueDeps, CatalogueEpic } from './deps';
export * as Codecs from './codecs';
