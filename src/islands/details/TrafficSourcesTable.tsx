// The Views page's traffic sources: one row per source with its views, share, watch time and average view
// duration, the totals row, and the table's own downloads.
import { formatDuration } from '../../lib/formats/stat-format';
import { trafficExportLinks } from '../../lib/details/call-bodies';
import type { DetailsQuery } from '../../lib/details/query';
import BlockFrame from './BlockFrame';
import ViewsCells from './ViewsCells';
import { NO_DATA } from './DetailsTable';
import { useBlock, useDetailsUser } from './use-details';

const SECONDS_PER_MINUTE = 60;

/** Average view duration: watch time over views (no duration without views). */
const average = (views: number, minutes: number) => (views > 0 ? formatDuration((minutes * SECONDS_PER_MINUTE) / views) : '—');

export default function TrafficSourcesTable({ query }: { query: DetailsQuery }) {
  const block = useBlock('traffic');
  const user = useDetailsUser();
  const answer = block.data;
  const sources = answer?.sources.filter((s) => s.views > 0) ?? [];
  const links = trafficExportLinks(query, user);
  return (
    <BlockFrame label="Traffic sources" block={block} className="traffic-sources-block">
      <div className="details-block-head">
        <h2>Views by traffic source</h2>
        <span className="details-actions">
          {/* Named apart from the page's own downloads of its main table. */}
          <a className="button button-secondary" href={links.xlsx} download aria-label="Download traffic sources XLS">
            Download XLS
          </a>
          <a className="button button-secondary" href={links.csv} download aria-label="Download traffic sources CSV">
            CSV
          </a>
        </span>
      </div>
      {answer?.not_filtered_by.includes('countries') && (
        <p className="note">Traffic sources are not filtered by country: they are kept per channel and title only.</p>
      )}
      {answer && sources.length === 0 ? (
        <p className="empty">{NO_DATA}</p>
      ) : (
        // Nothing in this table takes focus, so its box does: on a phone it scrolls sideways by keyboard too.
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Traffic sources, scrollable">
          <table className="traffic-table" aria-label="Traffic sources table">
            <thead>
              <tr>
                <th scope="col">Traffic source</th>
                <th scope="col" className="num">
                  Views
                </th>
                <th scope="col" className="num">
                  Share
                </th>
                <th scope="col" className="num">
                  Watch time
                </th>
                <th scope="col" className="num">
                  AVD
                </th>
              </tr>
            </thead>
            <tbody>
              {sources.map((s) => (
                <tr key={s.source_type} data-source={s.source_type}>
                  <th scope="row">{s.name}</th>
                  <ViewsCells views={s.views} share={s.share} watchTimeMinutes={s.watch_time_minutes} />
                  <td className="num" data-column="average_view_duration">
                    {average(s.views, s.watch_time_minutes)}
                  </td>
                </tr>
              ))}
            </tbody>
            {answer && (
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <ViewsCells views={answer.views} share={answer.views > 0 ? 100 : 0} watchTimeMinutes={answer.watch_time_minutes} />
                  <td className="num" data-column="average_view_duration">
                    {average(answer.views, answer.watch_time_minutes)}
                  </td>
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
    </BlockFrame>
  );
}
