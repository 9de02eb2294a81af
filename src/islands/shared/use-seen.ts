// Whether an element has come near the screen: heavy parts (the world map) load only then.
import { useEffect, useRef, useState } from 'react';

/** Start fetching the map a little before the card is on screen. */
const MAP_PRELOAD_MARGIN = '200px';

/** A ref to attach and whether its element has been (nearly) on screen. */
export function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: MAP_PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}
