// False in the server-rendered HTML and until React has taken over the island, then true.
import { useEffect, useState } from 'react';

/**
 * Controls rendered by the server are disabled until this is true: before hydration a click does
 * nothing, and Enter would submit the form natively, putting the fields into the page URL.
 * @example <button disabled={!hydrated || sending}>Log in</button>
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
