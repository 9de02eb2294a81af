// A card's Formats tab: Shorts, long-form, live and the channel page side by side, with their change.
import { useStore } from '@nanostores/react';
import { $formats } from '../../stores/dashboard-data';
import { formatChange, formatMoney, formatNumber, percentChange } from '../../lib/formats/stat-format';
import { FORMAT_NAMES, type FormatFigures } from '../../lib/api/formats';
import EngagedViewsNote from '../shared/EngagedViewsNote';

const UNSPLIT = { titles: 'a titles filter', countries: 'a countries filter' } as const;

interface Props {
  /** Views: views, and engaged views beside Shorts; earnings: the card's figure split by format. */
  figure: 'views' | 'earnings';
}

const valueOf = (row: FormatFigures | undefined, figure: Props['figure']) => (row ? row[figure] : undefined);

export default function FormatsTable({ figure }: Props) {
  const state = useStore($formats);
  const answer = state.data;
  if (state.status === 'loaded' && answer?.not_split_by) {
    return <p className="empty">Formats are not split under {UNSPLIT[answer.not_split_by]}.</p>;
  }
  const rows = answer?.formats ?? [];
  if (state.status === 'loaded' && rows.length === 0) return <p className="empty">No data available</p>;
  if (rows.length === 0) return <div className="chart-box" />;
  const show = figure === 'views' ? formatNumber : formatMoney;
  const shorts = rows.some((r) => r.video_type === 'short');
  return (
    <>
      <table className="formats-table" data-formats={figure}>
        <thead>
          <tr>
            <th scope="col">Format</th>
            <th scope="col">{figure === 'views' ? 'Views' : 'Earnings'}</th>
            {figure === 'views' && shorts && <th scope="col">Engaged views</th>}
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const change = percentChange(
              row[figure],
              valueOf(
                answer?.compare?.find((c) => c.video_type === row.video_type),
                figure,
              ),
            );
            return (
              <tr key={row.video_type} data-format={row.video_type}>
                <th scope="row">{FORMAT_NAMES[row.video_type]}</th>
                <td>{show(row[figure])}</td>
                {figure === 'views' && shorts && <td>{row.video_type === 'short' ? formatNumber(row.engaged_views) : ''}</td>}
                <td className="muted">{change === null ? '—' : formatChange(change)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {figure === 'views' && shorts && <EngagedViewsNote />}
    </>
  );
}
