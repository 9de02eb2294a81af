// Flag images for the country table. The table of every flag's URL is ~20 KB of script, so the island
// loads it only when a country table shows; until then the flags the server rendered (the first page's)
// come with the page.
import { useContext, useEffect, useState } from 'react';
import { DetailsStartContext } from './use-details';

type FlagUrl = (code2: string | null | undefined) => string | null;

let loading: Promise<FlagUrl> | null = null;

/** The flag URL lookup: the server's flags at first, every flag once the table of them has loaded. */
export function useFlagUrl(needed: boolean): FlagUrl {
  const started = useContext(DetailsStartContext)?.flags ?? {};
  const [lookup, setLookup] = useState<{ flagUrl: FlagUrl } | null>(null);
  useEffect(() => {
    if (!needed || lookup) return;
    let current = true;
    loading ??= import('../../components/public/flag-images').then((module) => module.flagUrl);
    void loading.then((flagUrl) => {
      if (current) setLookup({ flagUrl });
    });
    return () => {
      current = false;
    };
  }, [needed, lookup]);
  return (code2) => lookup?.flagUrl(code2) ?? (code2 ? (started[code2] ?? null) : null);
}
