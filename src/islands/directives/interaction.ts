// `client:interaction`: an island whose server-rendered HTML already works (links, a GET form) or waits for
// the visitor anyway (the sign-in form, whose fields keep what is typed before it hydrates) hydrates on the
// visitor's first interaction with the page (pointer, touch, focus, key, scroll) instead of at load. A
// reader who only looks never runs React: on /find and the sign-in page that was most of the blocking time
// after the first paint (docs/public-stats.md, "Measured"). Registered in src/build/client-directives.ts.
import type { ClientDirective } from 'astro';

/** What counts as reaching for the page; the first one anywhere wakes the island. */
const WAKE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'scroll', 'wheel'] as const;

const interaction: ClientDirective = (load, _options, island) => {
  let woken = false;
  // A button pressed before React has taken over would do nothing (or submit the form natively): its click
  // is held and given again once the island has hydrated, when the button's handler is there.
  let held: HTMLButtonElement | null = null;
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !island.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
  };
  const wake = async () => {
    if (woken) return;
    woken = true;
    for (const type of WAKE_EVENTS) window.removeEventListener(type, wake, true);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      // Had the island's code failed to load, the button would work as it does without scripts.
      island.removeEventListener('click', hold, true);
    }
    held?.click();
  };
  island.addEventListener('click', hold, true);
  for (const type of WAKE_EVENTS) window.addEventListener(type, wake, { capture: true, passive: true });
};

export default interaction;
