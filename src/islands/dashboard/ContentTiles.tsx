// CONTENT STATISTICS: one tile per details page, each link carrying the dashboard's period and filters.
import { detailsHref } from '../../lib/details/link';
import { useQuery } from './use-start';

const TILES = [
  { title: 'Earnings', href: '/details/partner_revenue', about: 'Earnings by channel, title and country', subscribers: false },
  { title: 'Views', href: '/details/views', about: 'Views by channel, title and country', subscribers: false },
  { title: 'Subscribers', href: '/details/subs', about: 'Subscribers gained and lost by channel', subscribers: true },
  { title: 'Audience', href: '/details/audience', about: 'Age and gender of viewers', subscribers: false },
];

/** Rendered by the dashboard island (not the page) so the links follow the filters as they change. */
export default function ContentTiles({ onlyInhouseChannels }: { onlyInhouseChannels: boolean }) {
  const query = useQuery();
  // Users limited to in-house channels have no Subscribers figures: three tiles in a row.
  const tiles = TILES.filter((tile) => !(tile.subscribers && onlyInhouseChannels));
  return (
    <section className="content-stats" aria-labelledby="content-stats-heading">
      <h2 id="content-stats-heading">CONTENT STATISTICS</h2>
      <ul className={onlyInhouseChannels ? 'tiles tiles-three' : 'tiles'}>
        {tiles.map((tile) => (
          <li key={tile.href}>
            <a className="card tile" href={detailsHref(tile.href, query)}>
              <strong>{tile.title}</strong>
              <span className="muted">{tile.about}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
