import type { Action } from '../store/action';
import { answeredFromCache, catalogueConfigured, requestFailed, requestSent } from './actions';
import { termsAccepted, termsReacceptanceRequired } from './terms';
import { catalogueApi, endpointOfAnswer, otherServices } from './endpoints';
import { CACHE_LIMITS, cacheKindOf, initialCatalogueState, isCached, type CatalogueState } from './state';

function without<V>(record: Readonly<Record<string, V>>, key: string): Readonly<Record<string, V>> {
  const next = { ...record };
  delete next[key];
  return next;
}

export function catalogueReducer(state: CatalogueState = initialCatalogueState, action: Action): CatalogueState {
  const next = reduce(state, action);
  // spec 001 §7 Terms: an accepted licence ends the prompt.
  const accepted = otherServices.acceptLicence.answered.match(action) && state.terms !== null && state.terms.accepting === action.requestId;
  return accepted ? { ...next, terms: null } : next;
}

function reduce(state: CatalogueState, action: Action): CatalogueState {
  if (catalogueConfigured.match(action)) {
    const { userId, type: _type, ...config } = action;
    return { ...state, config, userId: userId ?? state.userId };
  }
  if (requestSent.match(action)) {
    // spec 001 §4: with no token, every pending request is forgotten before this one.
    const pending = action.resetPending ? {} : state.pending;
    return {
      ...state,
      pending: action.key === null ? pending : { ...pending, [action.key]: action.requestId },
      inFlight: { ...state.inFlight, [action.requestId]: action.key },
    };
  }
  if (answeredFromCache.match(action)) {
    // The entry read becomes the newest, so the limits drop the least recently used first.
    const kind = cacheKindOf(action.endpoint);
    const hit = state.cache[kind].find((e) => e.key === action.key);
    return hit === undefined ? state : { ...state, cache: { ...state.cache, [kind]: [...state.cache[kind].filter((e) => e !== hit), hit] } };
  }
  if (termsReacceptanceRequired.match(action)) return { ...state, terms: { license: action.license, documents: action.documents, accepting: null } };
  if (termsAccepted.match(action) && state.terms !== null) return { ...state, terms: { ...state.terms, accepting: action.requestId } };
  // A refused acceptance keeps the prompt.
  if (requestFailed.match(action) && state.terms?.accepting === action.requestId) return { ...state, terms: { ...state.terms, accepting: null } };
  const endpoint = endpointOfAnswer(action.type);
  if (endpoint === undefined) return state;
  const { requestId, result } = action as unknown as { requestId: string; result: unknown };
  const key = state.inFlight[requestId];
  if (key === undefined) return state;
  let next: CatalogueState = { ...state, inFlight: without(state.inFlight, requestId) };
  if (key !== null && state.pending[key] === requestId) next = { ...next, pending: without(state.pending, key) };
  if (key !== null && result !== null && isCached(endpoint.name)) {
    const kind = cacheKindOf(endpoint.name);
    const kept = [...state.cache[kind].filter((e) => e.key !== key), { key, endpoint: endpoint.name, result }];
    next = { ...next, cache: { ...state.cache, [kind]: kept.slice(Math.max(0, kept.length - CACHE_LIMITS[kind])) } };
  }
  // spec 001 §7 User and flags: the user of the collection service.
  if (endpoint.name === catalogueApi.me.name && result !== null) next = { ...next, userId: (result as { id: string }).id };
  return next;
}
