// The channels with the most audience views (up to 4): each one's gender split and largest age group.
import { formatPercent } from '../../lib/formats/stat-format';
import { AGE_BUCKETS, type Demographics } from '../../lib/api/stats';
import ColumnHeads from '../shared/ColumnHeads';

type Detail = Demographics['details'][number];

/** The largest cell of both genders, e.g. "Male 25-34 · 18.20%". */
function largestGroup(detail: Detail): string {
  let best = { label: '—', share: -1 };
  for (const [gender, shares] of [
    ['Male', detail.ages.male_age],
    ['Female', detail.ages.female_age],
  ] as const) {
    for (const age of AGE_BUCKETS) {
      const share = shares[age] ?? 0;
      if (share > best.share) best = { label: `${gender} ${age} · ${formatPercent(share)}`, share };
    }
  }
  return best.label;
}

export default function DemographyDetails({ details }: { details: Detail[] }) {
  if (details.length === 0) return null;
  return (
    <table className="demography-details">
      <caption>Top channels by audience</caption>
      <ColumnHeads labels={['Channel', 'Male', 'Female', 'Largest group']} />
      <tbody>
        {details.map((detail) => (
          <tr key={detail.channel_id}>
            <th scope="row">
              {detail.channel_ico && <img src={detail.channel_ico} alt="" width={20} height={20} loading="lazy" />}
              {detail.channel_title}
            </th>
            <td>{formatPercent(detail.male)}</td>
            <td>{formatPercent(detail.female)}</td>
            <td>{largestGroup(detail)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
