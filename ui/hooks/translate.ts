import { useMemo } from 'react';
import { useSelector } from './use-selector';

/** Looks a text up in the page's translations (spec 000 §3); a missing key shows as itself. */
export type Translate = (key: string) => string;

export function createTranslate(translations: Readonly<Record<string, string>>): Translate {
  return (key) => {
    const text = Object.prototype.hasOwnProperty.call(translations, key) ? translations[key] : undefined;
    return text === undefined || text === '' ? key : text;
  };
}

export function useTranslate(): Translate {
  const translations = useSelector((state) => state.translations);
  return useMemo(() => createTranslate(translations), [translations]);
}
