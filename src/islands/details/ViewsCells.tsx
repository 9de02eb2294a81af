// The views, share and watch time cells the Views page's traffic sources and search terms tables share, for a
// row and for the Total (share 100 % of views, none without views).
import { formatHours, formatNumber, formatPercent } from '../../lib/formats/stat-format';

interface Props {
  views: number;
  /** Percent of the table's views. */
  share: number;
  watchTimeMinutes: number;
}

export default function ViewsCells({ views, share, watchTimeMinutes }: Props) {
  return (
    <>
      <td className="num" data-column="views">
        {formatNumber(views)}
      </td>
      <td className="num" data-column="share">
        {formatPercent(share)}
      </td>
      <td className="num" data-column="watch_time">
        {formatHours(watchTimeMinutes)}
      </td>
    </>
  );
}
