// Build-only (build.mjs): the widget's own modules import React and its JSX runtime through here.
// React ships as CommonJS, so esbuild gives every module that imports it a namespace object of its
// own and calls each hook and JSX element as `(0, ns.jsx)(...)`; bound once here, a call is a
// plain `jsx(...)`, which takes ~1 KB off the gzipped initial JS. The same functions are called.
import * as React from 'react';

export const createContext = React.createContext;
export const Fragment = React.Fragment;
export const lazy = React.lazy;
export const Suspense = React.Suspense;
export const useCallback = React.useCallback;
export const useContext = React.useContext;
export const useEffect = React.useEffect;
export const useId = React.useId;
export const useLayoutEffect = React.useLayoutEffect;
export const useMemo = React.useMemo;
export const useRef = React.useRef;
export const useState = React.useState;
export const useSyncExternalStore = React.useSyncExternalStore;
