// Build-only (build.mjs): see react-bindings.ts; the JSX runtime's three functions, bound once.
import * as runtime from 'react/jsx-runtime';

export const Fragment = runtime.Fragment;
export const jsx = runtime.jsx;
export const jsxs = runtime.jsxs;
