// The audience table: male and female views and shares per channel, each row opening into its age rows.
// The call answers every channel at once, so the browser sorts and pages it.
import { Fragment, useState } from 'react';
import { DETAILS_PAGE_SIZE, type AudienceAgeRow, type AudienceRow } from '../../lib/api/details';
import {
  ageLabel,
  DEFAULT_AUDIENCE_SORT,
  nextAudienceSort,
  parseAudienceSort,
  sortAudience,
  type AudienceColumn,
  type AudienceSort,
} from '../../lib/details/audience-table';
import { audienceCoverageNote } from '../../lib/dashboard/audience-coverage';
import { paletteColour } from '../../lib/dates/chart-rules';
import { formatShare } from '../../lib/details/columns';
import { DETAILS_PAGER_NEIGHBOURS, pageCount } from '../../lib/partner/pager';
import { formatNumber } from '../../lib/formats/stat-format';
import Pager from '../shared/Pager';
import { useHydrated } from '../shared/use-hydrated';
import BlockFrame from './BlockFrame';
import { NO_DATA } from './DetailsTable';
import SortHead from './SortHead';
import { useBlock } from './use-details';

const SORT_KEY = 'viewdeck.details.sort.audience.channels';
const HEADS: Array<{ column: Exclude<AudienceColumn, 'name'>; label: string }> = [
  { column: 'male_views', label: 'Male views' },
  { column: 'male_views_percent', label: 'Male %' },
  { column: 'female_views', label: 'Female views' },
  { column: 'female_views_percent', label: 'Female %' },
];

function Figures({ row }: { row: AudienceRow | AudienceAgeRow | Omit<AudienceRow, 'channel_id' | 'channel_title' | 'channel_ico'> }) {
  return (
    <>
      <td className="num">{formatNumber(row.male_views)}</td>
      <td className="num">{formatShare(row.male_views_percent)}</td>
      <td className="num">{formatNumber(row.female_views)}</td>
      <td className="num">{formatShare(row.female_views_percent)}</td>
    </>
  );
}

/** The sort kept in this browser, read once hydrated (the server rendered the default). */
function useAudienceSort(): [AudienceSort, (sort: AudienceSort) => void] {
  const hydrated = useHydrated();
  const [picked, setPicked] = useState<AudienceSort | null>(null);
  let stored: AudienceSort | null = null;
  try {
    stored = hydrated ? parseAudienceSort(localStorage.getItem(SORT_KEY)) : null;
  } catch {
    // Storage refused: the default order.
  }
  const choose = (next: AudienceSort) => {
    setPicked(next);
    try {
      localStorage.setItem(SORT_KEY, `${next.column}:${next.order}`);
    } catch {
      // The order holds for this visit.
    }
  };
  return [picked ?? stored ?? DEFAULT_AUDIENCE_SORT, choose];
}

export default function AudienceTable() {
  const block = useBlock('audience');
  const hydrated = useHydrated();
  const [sort, setSort] = useAudienceSort();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const answer = block.data;
  const rows = answer ? sortAudience(answer.rows, sort) : [];
  const pages = pageCount(rows.length, DETAILS_PAGE_SIZE);
  const shown = Math.min(page, pages);
  const offset = (shown - 1) * DETAILS_PAGE_SIZE;
  const orderOf = (column: AudienceColumn) => (sort.column === column ? sort.order : null);
  const sortBy = (column: AudienceColumn) => {
    setSort(nextAudienceSort(sort, column));
    setPage(1);
  };
  const toggle = (id: string) => {
    const next = new Set(open);
    if (!next.delete(id)) next.add(id);
    setOpen(next);
  };

  return (
    <BlockFrame label="Table" block={block} className="details-table-block">
      {answer && rows.length === 0 ? (
        <p className="empty">{NO_DATA}</p>
      ) : (
        <div className="table-scroll">
          <table className="details-table" aria-label="Audience table">
            <thead>
              <tr>
                <SortHead label="Channel" order={orderOf('name')} onSort={() => sortBy('name')} disabled={!hydrated} numeric={false} />
                {HEADS.map((head) => (
                  <SortHead
                    key={head.column}
                    label={head.label}
                    order={orderOf(head.column)}
                    onSort={() => sortBy(head.column)}
                    disabled={!hydrated}
                  />
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.slice(offset, offset + DETAILS_PAGE_SIZE).map((row, i) => (
                <Fragment key={row.channel_id}>
                  <tr style={{ '--row-colour': paletteColour(offset + i) } as React.CSSProperties}>
                    <th scope="row" className="row-name">
                      <button
                        type="button"
                        className="expand-button"
                        aria-expanded={open.has(row.channel_id)}
                        onClick={() => toggle(row.channel_id)}
                        disabled={!hydrated}
                      >
                        <span aria-hidden="true">{open.has(row.channel_id) ? '▾' : '▸'}</span> {row.channel_title}
                      </button>
                    </th>
                    <Figures row={row} />
                  </tr>
                  {open.has(row.channel_id) &&
                    row.rows.map((age) => (
                      <tr key={age.age} className="age-row">
                        <th scope="row">{ageLabel(age.age)}</th>
                        <Figures row={age} />
                      </tr>
                    ))}
                </Fragment>
              ))}
            </tbody>
            {answer && (
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <Figures row={answer.total} />
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
      {answer && answer.title_views_covered !== null && answer.title_views_covered < 100 && (
        <p className="muted" data-audience-covered>
          {audienceCoverageNote(answer.title_views_covered)}
        </p>
      )}
      <Pager
        page={shown}
        pages={pages}
        neighbours={DETAILS_PAGER_NEIGHBOURS}
        onPage={setPage}
        disabled={!hydrated}
        label="Audience table pages"
      />
    </BlockFrame>
  );
}
