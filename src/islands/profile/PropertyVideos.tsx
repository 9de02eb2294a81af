// The Videos tab: the publish period, the total, a page of videos (undated ones first and highlighted)
// and the pager with its page size.
import { PROPERTY_PAGE_SIZES, pageVideos, type ProfileVideosAnswer, type PropertyPageSize } from '../../lib/api/property';
import { pageCount } from '../../lib/partner/pager';
import { displayDate, type Period } from '../../lib/dates/periods';
import type { PropertyQuery } from '../../lib/partner/property-query';
import { PeriodPicker } from '../dashboard/PeriodPicker';
import Pager from '../shared/Pager';
import { useHydrated } from '../shared/use-hydrated';
import type { MouseEvent } from 'react';
import { videoPath } from '../../lib/partner/video-links';

/** Page numbers either side of the current one. */
const PAGER_NEIGHBOURS = 2;
const YOUTUBE_WATCH = 'https://www.youtube.com/watch?v=';

interface Props {
  query: PropertyQuery;
  videos: ProfileVideosAnswer | null;
  loading: boolean;
  maxDate: string;
  /** Public channel pages are open to this user (others are sent away from them). */
  showAnalytics: boolean;
  onChoose: (query: PropertyQuery) => void;
}

export default function PropertyVideos({ query, videos, loading, maxDate, showAnalytics, onChoose }: Props) {
  const hydrated = useHydrated();
  const rows = videos ? pageVideos(videos) : [];
  const total = videos?.total ?? 0;
  const choosePeriod = (period: Period) => onChoose({ ...query, period, page: 1 });
  const choosePageSize = (perPage: PropertyPageSize) => onChoose({ ...query, perPage, page: 1 });
  // Without scripts the link itself opens the unfiltered list.
  const showEveryVideo = (event: MouseEvent) => {
    event.preventDefault();
    onChoose({ ...query, title: null, page: 1 });
  };
  return (
    <div className="property-videos" aria-busy={loading}>
      <div className="property-controls">
        <PeriodPicker id="property-period" period={query.period} maxDate={maxDate} onChoose={choosePeriod} />
        {query.title !== null && (
          <p className="property-title-filter">
            Videos of one title{videos?.titles[0]?.title ? `: ${videos.titles[0].title}` : ''}.{' '}
            <a href="/profile?tab=videos" onClick={showEveryVideo}>
              Show every video
            </a>
          </p>
        )}
        <p className="property-total">
          Total videos: <strong data-testid="property-total">{videos ? total : '…'}</strong>
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="muted">{videos ? 'No data available' : 'Loading…'}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Videos">
          <table className="property-table">
            <thead>
              <tr>
                <th scope="col">Video</th>
                <th scope="col">Date</th>
                <th scope="col">Channel</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((video) => (
                <tr key={video.video_id} className={video.video_published ? undefined : 'property-undated'}>
                  <td>
                    {video.video_id ? (
                      <>
                        <a href={videoPath(video.video_id)}>{video.video_title}</a>{' '}
                        <a
                          className="property-watch"
                          href={`${YOUTUBE_WATCH}${encodeURIComponent(video.video_id)}`}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`Watch ${video.video_title} on YouTube`}
                        >
                          YouTube
                        </a>
                      </>
                    ) : (
                      video.video_title
                    )}
                  </td>
                  <td>{video.video_published ? displayDate(video.video_published) : 'Not published yet'}</td>
                  <td>
                    {showAnalytics && video.channel_id !== 'ugc' ? (
                      <a href={`/channel/${encodeURIComponent(video.channel_id)}`}>{video.channel_title}</a>
                    ) : (
                      video.channel_title
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="property-paging">
        <label className="field-label" htmlFor="property-page-size">
          Rows per page
        </label>
        <select
          id="property-page-size"
          value={query.perPage}
          disabled={!hydrated}
          onChange={(e) => choosePageSize(Number(e.target.value) as PropertyPageSize)}
        >
          {PROPERTY_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <Pager
          page={query.page}
          pages={pageCount(total, query.perPage)}
          neighbours={PAGER_NEIGHBOURS}
          onPage={(page) => onChoose({ ...query, page })}
          disabled={!hydrated || loading}
          label="Videos pages"
        />
      </div>
    </div>
  );
}
