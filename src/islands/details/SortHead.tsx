// A sortable column heading: a button that sorts by the column (largest first, then smallest first).
import type { SortOrder } from '../../lib/api/details';
import type { MeaningKey } from '../../lib/glossary/metrics';
import MetricInfo from '../shared/MetricInfo';

interface Props {
  label: string;
  /** This column's order when the table is sorted by it, else null. */
  order: SortOrder | null;
  onSort: () => void;
  disabled: boolean;
  numeric?: boolean;
  /** A ratio whose meaning an "i" beside the heading opens (RPM, SVR, AVD). */
  meaning?: MeaningKey;
}

const ARIA_SORT = { desc: 'descending', asc: 'ascending' } as const;

export default function SortHead({ label, order, onSort, disabled, numeric = true, meaning }: Props) {
  return (
    <th scope="col" aria-sort={order ? ARIA_SORT[order] : undefined} className={numeric ? 'num' : undefined}>
      <button type="button" className="sort-button" onClick={onSort} disabled={disabled}>
        {label}
        <span aria-hidden="true" className="sort-mark">
          {order === 'desc' ? ' ▼' : order === 'asc' ? ' ▲' : ''}
        </span>
      </button>
      {meaning && <MetricInfo metric={meaning} />}
    </th>
  );
}
