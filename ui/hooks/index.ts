export { StoreProvider, type StoreProviderProps } from './store-context';
export { useSelector, shallowEqual, type Equality } from './use-selector';
export { useDispatch } from './use-dispatch';
export { createTranslate, useTranslate, type Translate } from './translate';
export { useSpaceToggle, isSpaceToggle } from './use-space-toggle';
export { useFirstPointer } from './use-first-pointer';
