// The illegal copies table: one row per copy (linked to YouTube, and to the page of the partner video it
// copies) or per partner channel or title, sortable by every column, 30 rows a page, the totals of every
// page in the footer.
import type { IllegalSortColumn, IllegalTableAnswer } from '../../lib/api/illegal';
import type { IllegalQuery } from '../../lib/partner/illegal-query';
import { displayDate } from '../../lib/dates/periods';
import { formatMoney, formatNumber } from '../../lib/formats/stat-format';
import SortHead from '../details/SortHead';
import Pager from '../shared/Pager';
import { videoPath } from '../../lib/partner/video-links';

/** Pager links either side of the current page. */
const PAGER_NEIGHBOURS = 2;
const NO_DATA = 'No data available';
/** A copy whose partner video is not known (the claims report names none of the catalogue's). */
const NO_REFERENCE = '—';

interface Props {
  answer: IllegalTableAnswer | null;
  disabled: boolean;
  change: (patch: Partial<IllegalQuery>) => void;
}

const youtubeVideo = (id: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
const youtubeChannel = (id: string) => `https://www.youtube.com/channel/${encodeURIComponent(id)}`;

export default function IllegalTable({ answer, disabled, change }: Props) {
  if (!answer) return <div className="card illegal-table-block" aria-busy="true" />;
  const head = (label: string, column: IllegalSortColumn, numeric = true) => (
    <SortHead
      label={label}
      numeric={numeric}
      disabled={disabled}
      order={answer.sort === column ? answer.order : null}
      // Largest first on a new column; the same column toggles.
      onSort={() => change({ sort: column, order: answer.sort === column && answer.order === 'desc' ? 'asc' : 'desc', page: 1 })}
    />
  );
  const { totals } = answer;
  return (
    <section className="card illegal-table-block" aria-label="Illegal copies table">
      {answer.rows.length === 0 ? (
        <p className="empty">{NO_DATA}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Copies table">
          <table className="details-table illegal-table" aria-label="Copies">
            <thead>
              {answer.group_by === 'none' ? (
                <tr>
                  {head('Video', 'video', false)}
                  {head('Copy of', 'reference', false)}
                  {head('Uploader', 'uploader', false)}
                  {head('Channel', 'channel', false)}
                  {head('Title', 'title', false)}
                  {head('Status', 'status', false)}
                  {head('Found', 'found', false)}
                  {head('Views', 'views')}
                  {head('Earnings', 'earnings')}
                </tr>
              ) : (
                <tr>
                  {head(answer.group_by === 'channel' ? 'Channel' : 'Title', 'name', false)}
                  {head('Copies', 'copies')}
                  {head('Blocked', 'blocked')}
                  {head('Views', 'views')}
                  {head('Earnings', 'earnings')}
                </tr>
              )}
            </thead>
            <tbody>
              {answer.group_by === 'none'
                ? answer.rows.map((row) => (
                    <tr key={row.video_id}>
                      <th scope="row" className="row-name">
                        <a
                          className="copy-name"
                          href={youtubeVideo(row.video_id)}
                          target="_blank"
                          rel="noopener noreferrer"
                          title={row.video_title || row.video_id}
                        >
                          {row.video_title || row.video_id}
                        </a>
                      </th>
                      <td data-column="reference">
                        {row.reference_video_id ? (
                          <a className="copy-name" href={videoPath(row.reference_video_id)} title={row.reference_video_title ?? undefined}>
                            {row.reference_video_title || row.reference_video_id}
                          </a>
                        ) : (
                          NO_REFERENCE
                        )}
                      </td>
                      <td>
                        <a
                          className="copy-name"
                          href={youtubeChannel(row.uploader_id)}
                          target="_blank"
                          rel="noopener noreferrer"
                          title={row.uploader_title}
                        >
                          {row.uploader_title}
                        </a>
                      </td>
                      <td>{row.channel_title}</td>
                      <td>{row.title ?? '-'}</td>
                      <td data-status={row.status}>{row.status === 'blocked' ? 'Blocked' : 'Claimed'}</td>
                      <td>{displayDate(row.found)}</td>
                      <td className="num">{formatNumber(row.views)}</td>
                      <td className="num">{formatMoney(row.earnings)}</td>
                    </tr>
                  ))
                : answer.rows.map((row) => (
                    <tr key={row.key}>
                      <th scope="row" className="row-name">
                        {row.name}
                      </th>
                      <td className="num">{formatNumber(row.copies)}</td>
                      <td className="num">{formatNumber(row.blocked)}</td>
                      <td className="num">{formatNumber(row.views)}</td>
                      <td className="num">{formatMoney(row.earnings)}</td>
                    </tr>
                  ))}
            </tbody>
            <tfoot>
              <tr className="illegal-totals">
                <th scope="row">Total</th>
                {answer.group_by === 'none' ? (
                  <td colSpan={6}>
                    {formatNumber(totals.copies)} copies, {formatNumber(totals.blocked)} blocked
                  </td>
                ) : (
                  <>
                    <td className="num">{formatNumber(totals.copies)}</td>
                    <td className="num">{formatNumber(totals.blocked)}</td>
                  </>
                )}
                <td className="num" data-total="views">
                  {formatNumber(totals.views)}
                </td>
                <td className="num" data-total="earnings">
                  {formatMoney(totals.earnings)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {answer.pages > 1 && (
        <Pager
          page={answer.page}
          pages={answer.pages}
          neighbours={PAGER_NEIGHBOURS}
          disabled={disabled}
          onPage={(page) => change({ page })}
          label="Copies pages"
        />
      )}
    </section>
  );
}
