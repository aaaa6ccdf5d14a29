import * as t from 'io-ts';
import { filter, map, mergeMap } from 'rxjs/operators';
import { EMPTY, of } from 'rxjs';
import { defineAction } from '../store/action';
import type { CatalogueEpic } from './deps';
import { otherServices } from './endpoints';

/*
 * spec 001 §7 Terms: the reacceptance flow. The web player asks at start; when the licence in force
 * is not the one the user accepted, the layer says so (and the state holds it until accepted), and
 * accepting PUTs that licence.
 */
export const termsCheckRequested = defineAction('catalogue/terms/checkRequested', { requestId: t.string, language: t.string });
export const termsReacceptanceRequired = defineAction('catalogue/terms/reacceptanceRequired', {
  license: t.string,
  documents: t.array(t.type({ name: t.string, url: t.string })),
});
export const termsAccepted = defineAction('catalogue/terms/accepted', { requestId: t.string, license: t.string });

export const termsActions = [termsCheckRequested, termsReacceptanceRequired, termsAccepted] as const;

export const termsEpic: CatalogueEpic = (action$) => {
  const E = otherServices;
  return action$.pipe(
    mergeMap((action) => {
      if (termsCheckRequested.match(action)) return of(E.termsReacceptance.request({ requestId: action.requestId, args: { language: action.language } }));
      if (termsAccepted.match(action)) return of(E.acceptLicence.request({ requestId: action.requestId, args: { license: action.license } }));
      return EMPTY;
    }),
  );
};

export const termsAnswerEpic: CatalogueEpic = (action$) =>
  action$.pipe(
    filter(otherServices.termsReacceptance.answered.match),
    mergeMap((a) => (a.result !== null && a.result.reacceptanceRequired ? of(a.result) : EMPTY)),
    map((r) => termsReacceptanceRequired({ license: r.license, documents: r.documents })),
  );
