// A table row's label: the channel (icon, linked to its page), the title, the country (flag and name), or the format.
import type { DetailRow, DetailsGroup } from '../../lib/api/details';
import { flagPosition } from '../../lib/formats/flag-sprite';
import { UGC_CHANNEL } from '../../lib/dashboard/card-state';
import { NOT_AVAILABLE } from '../../lib/details/columns';
import { titleVideosPath } from '../../lib/partner/video-links';

interface Props {
  row: DetailRow;
  group: DetailsGroup;
  linkChannels: boolean;
}

export default function RowName({ row, group, linkChannels }: Props) {
  if (group === 'countries') {
    const flag = flagPosition(row.country_code);
    return (
      <>
        {flag && <span className="flag" aria-hidden="true" style={{ backgroundPosition: flag }} />}
        {row.country_name ?? NOT_AVAILABLE}
      </>
    );
  }
  // A title's videos, each opening its own page (Profile → Property filtered to the title).
  if (group === 'titles') {
    const name = row.title ?? row.name;
    return typeof row.title_id === 'number' ? <a href={titleVideosPath(row.title_id)}>{name}</a> : <>{name}</>;
  }
  if (group === 'formats') return <>{row.name}</>;
  const ugc = row.channel_id === UGC_CHANNEL || !row.channel_id;
  const icon = row.channel_ico ? (
    <img className="channel-icon" src={row.channel_ico} alt="" width="24" height="24" loading="lazy" decoding="async" />
  ) : (
    <span className="channel-icon channel-icon-generic" aria-hidden="true" />
  );
  const name = row.channel_title ?? row.name;
  return (
    <>
      {icon}
      {ugc || !linkChannels ? name : <a href={`/channel/${row.channel_id}`}>{name}</a>}
    </>
  );
}
