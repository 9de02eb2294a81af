// The overlay's result tables: channels (linking to their pages) and trending videos.
import { formatNumber } from '../../lib/formats/stat-format';
import ColumnHeads from '../shared/ColumnHeads';
import type { OverlayChannel, TrendVideo } from './search-api';

const count = (value: number | null) => (value === null ? '-' : formatNumber(value));

export function OverlayChannels({ rows }: { rows: OverlayChannel[] }) {
  return (
    <table aria-label="Channels">
      <ColumnHeads labels={['Channel name', 'Subscribers', 'Monthly views']} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.channel_id}>
            <td>
              <a href={`/channel/${encodeURIComponent(row.channel_id)}`}>{row.channel_title}</a>
              {!row.tracked && (
                <span className="badge" title="Found on YouTube; not in our statistics yet">
                  YouTube
                </span>
              )}
            </td>
            <td className="num">{count(row.subscriber_count)}</td>
            <td className="num">{count(row.monthly_views)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OverlayVideos({ rows }: { rows: TrendVideo[] }) {
  return (
    <table aria-label="Top videos">
      <ColumnHeads labels={['Video', 'Channel', 'Views']} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.video_id}>
            <td>
              <a href={`/trend/video/${encodeURIComponent(row.video_id)}`}>{row.video_title}</a>
            </td>
            <td>
              <a href={`/channel/${encodeURIComponent(row.channel_id)}`}>{row.channel_title}</a>
            </td>
            <td className="num">{formatNumber(row.views)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
