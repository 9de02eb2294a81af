// Each request's locale, carried through every await of its rendering (AsyncLocalStorage): one worker
// renders pages for readers of several locales at once, so no module may hold "the" locale.
import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LOCALE, readLocaleFrom } from '../../lib/formats/locale';

const storage = new AsyncLocalStorage<string>();
readLocaleFrom(() => storage.getStore() ?? DEFAULT_LOCALE);

/**
 * Renders work with figures and dates written in the locale.
 * @example return inLocale(localeFromHeader(request.headers.get('Accept-Language')), next)
 */
export function inLocale<T>(locale: string, work: () => T): T {
  return storage.run(locale, work);
}
