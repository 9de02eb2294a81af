// False in the server-rendered HTML and until React has taken over the island, then true.
import { useSyncExternalStore } from 'react';

/** Nothing to subscribe to: the value only changes from the hydration render to the next. */
const subscribe = () => () => {};

/**
 * Controls rendered by the server are disabled until this is true: before hydration a click does
 * nothing, and Enter would submit the form natively, putting the fields into the page URL.
 * React renders the hydration pass with the server's value (false), then re-renders with true.
 * @example <button disabled={!hydrated || sending}>Log in</button>
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
