// Whether a sticky filters panel fits in the window (the dashboard's and the details page's panels).
import { useEffect, useState } from 'react';

/** Room kept under the header when the panel sticks. */
const STICKY_GAP_PX = 96;

/** True while the panel is shorter than the window, so sticking would not hide its bottom. */
export function useFits(panel: React.RefObject<HTMLElement | null>): boolean {
  const [fits, setFits] = useState(false);
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const check = () => setFits(element.offsetHeight + STICKY_GAP_PX <= window.innerHeight);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    window.addEventListener('resize', check);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', check);
    };
  }, [panel]);
  return fits;
}
