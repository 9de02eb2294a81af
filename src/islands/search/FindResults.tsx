// /find results as cards (each with Details and Compare) or as a table; watch time is an estimate and says so.
import { formatHours, formatNumber } from '../../lib/formats/stat-format';
import { countryName } from '../../lib/formats/flags';
import ColumnHeads from '../shared/ColumnHeads';
import { compareHref } from '../../lib/public/compare';
import type { SearchRow } from './search-api';

const channelHref = (row: SearchRow) => `/channel/${encodeURIComponent(row.channel_id)}`;
const language = (row: SearchRow) => row.lang_list.map((l) => l.english_name).join(', ') || '-';

export function ResultCards({ rows }: { rows: SearchRow[] }) {
  return (
    <ul className="find-cards" aria-label="Channels">
      {rows.map((row) => (
        <li key={row.channel_id} className="card find-card">
          {row.thumbnail_url ? (
            <img src={row.thumbnail_url} alt="" width={88} height={88} loading="lazy" />
          ) : (
            <span className="find-thumb-empty" aria-hidden="true" />
          )}
          <h2>{row.channel_title}</h2>
          <dl>
            <div>
              <dt>Subscribers</dt>
              <dd>{formatNumber(row.subscriber_count)}</dd>
            </div>
            <div>
              <dt>Monthly Views</dt>
              <dd>{formatNumber(row.monthly_views)}</dd>
            </div>
            <div>
              <dt>
                Watchtime <abbr title="estimated">(est.)</abbr>
              </dt>
              <dd>{formatHours(row.watchtime)}</dd>
            </div>
          </dl>
          <p className="find-card-actions">
            <a className="button" href={channelHref(row)} aria-label={`Details: ${row.channel_title}`}>
              Details
            </a>
            <a className="button button-secondary" href={compareHref([row.channel_id])} aria-label={`Compare ${row.channel_title}`}>
              Compare
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}

export function ResultTable({ rows }: { rows: SearchRow[] }) {
  return (
    <div className="table-scroll scroll-cue" tabIndex={0} role="region" aria-label="Channels table">
      <table className="find-table">
        <ColumnHeads
          labels={['Channel', 'Monthly Views', 'Watchtime (hours, estimated)', 'Subscribers', 'Language', 'Category', 'Country']}
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.channel_id}>
              <td>
                <a href={channelHref(row)}>{row.channel_title}</a>
              </td>
              <td className="num">{formatNumber(row.monthly_views)}</td>
              <td className="num">{formatHours(row.watchtime)}</td>
              <td className="num">{formatNumber(row.subscriber_count)}</td>
              <td>{language(row)}</td>
              <td>{row.category || '-'}</td>
              <td>{row.country ? countryName(row.country) : '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
