// The Channels tab: each of the user's channels with its icon and the day it joined the network.
import type { ChannelOption } from '../../lib/api/stats';
import { displayDate } from '../../lib/dates/periods';

interface Props {
  channels: ChannelOption[] | null;
  /** Public channel pages are open to this user (others are sent away from them). */
  showAnalytics: boolean;
}

/** The in-house channel and UGC have no public page of their own: their names are not links. */
const linkable = (channel: ChannelOption): boolean => !channel.is_inhouse && !channel.is_ugc;

export default function PropertyChannels({ channels, showAnalytics }: Props) {
  if (!channels) return <p className="muted">Loading…</p>;
  if (channels.length === 0) return <p className="muted">No data available</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Channels">
      <table className="property-table">
        <thead>
          <tr>
            <th scope="col">Channel</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => (
            <tr key={channel.channel_id}>
              <td>
                <span className="property-channel">
                  {channel.channel_icon ? <img src={channel.channel_icon} alt="" width="24" height="24" loading="lazy" /> : null}
                  {showAnalytics && linkable(channel) ? (
                    <a href={`/channel/${encodeURIComponent(channel.channel_id)}`}>{channel.channel_title}</a>
                  ) : (
                    channel.channel_title
                  )}
                </span>
              </td>
              <td>{channel.published_date ? displayDate(channel.published_date) : 'N/A'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
