// The world map as its own chunk (Chart.js's geo parts and the atlas weigh more than the rest of a page's
// charts), fetched when first rendered; its box holds the place meanwhile so the page does not jump.
import { lazy, Suspense, type ComponentProps } from 'react';
import './world-map.css';

const WorldMap = lazy(() => import('./WorldMap'));

/**
 * The map, loaded on first render: render it once the card is seen (useSeen) to load it only then.
 * @example {seen && <LazyWorldMap countries={[{ code2: 'US', value: 1200 }]} label="views" />}
 */
export default function LazyWorldMap(props: ComponentProps<typeof WorldMap>) {
  return (
    <Suspense fallback={<div className="map-box" />}>
      <WorldMap {...props} />
    </Suspense>
  );
}
