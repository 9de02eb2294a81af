// The Views page's top YouTube search terms: one row per term with its views, share of the YouTube search
// views and watch time, "Other terms", the totals row, and the table's own downloads.
import { searchTermsExportLinks } from '../../lib/details/call-bodies';
import type { DetailsQuery } from '../../lib/details/query';
import type { SearchTermsUnfiltered } from '../../lib/api/search-terms';
import BlockFrame from './BlockFrame';
import ViewsCells from './ViewsCells';
import { useBlock, useDetailsUser } from './use-details';

/** The name of the row of every term not listed, as the downloads write it too. */
const OTHER_TERMS = 'Other terms';
/** The filters the terms cannot be narrowed by, as the note names them. */
const FILTER_NAMES: Record<SearchTermsUnfiltered, string> = { titles: 'titles', type_video: 'video type', countries: 'country' };

export default function SearchTermsTable({ query }: { query: DetailsQuery }) {
  const block = useBlock('searchTerms');
  const user = useDetailsUser();
  const answer = block.data;
  const links = searchTermsExportLinks(query, user);
  const unfiltered = answer?.not_filtered_by ?? [];
  return (
    <BlockFrame label="Top YouTube search terms" block={block} className="search-terms-block">
      <div className="details-block-head">
        <h2>Top YouTube search terms</h2>
        <span className="details-actions">
          <a className="button button-secondary" href={links.xlsx} download aria-label="Download search terms XLS">
            Download XLS
          </a>
          <a className="button button-secondary" href={links.csv} download aria-label="Download search terms CSV">
            CSV
          </a>
        </span>
      </div>
      {answer && (
        <p className="note">
          Terms outside each day&apos;s top {answer.terms_per_day} of a channel, and searches YouTube names no term for, are counted under
          &ldquo;{OTHER_TERMS}&rdquo;.
        </p>
      )}
      {unfiltered.length > 0 && (
        <p className="note">
          Search terms are kept per channel only: not filtered by {unfiltered.map((f) => FILTER_NAMES[f]).join(' or ')}.
        </p>
      )}
      {answer && answer.views === 0 ? (
        <p className="empty">No YouTube search views in this period.</p>
      ) : (
        // Nothing in this table takes focus, so its box does: on a phone it scrolls sideways by keyboard too.
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Search terms, scrollable">
          <table className="traffic-table search-terms-table" aria-label="Search terms table">
            <thead>
              <tr>
                <th scope="col">Search term</th>
                <th scope="col" className="num">
                  Views
                </th>
                <th scope="col" className="num">
                  Share
                </th>
                <th scope="col" className="num">
                  Watch time
                </th>
              </tr>
            </thead>
            <tbody>
              {[
                ...(answer?.terms ?? []).map((t) => ({ ...t, other: false })),
                ...(answer && answer.other.views > 0 ? [{ ...answer.other, term: OTHER_TERMS, other: true }] : []),
              ].map((t) => (
                <tr key={t.other ? '' : `term:${t.term}`} data-other={t.other || undefined}>
                  <th scope="row">{t.other ? <em>{t.term}</em> : t.term}</th>
                  <ViewsCells views={t.views} share={t.share} watchTimeMinutes={t.watch_time_minutes} />
                </tr>
              ))}
            </tbody>
            {answer && (
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <ViewsCells views={answer.views} share={answer.views > 0 ? 100 : 0} watchTimeMinutes={answer.watch_time_minutes} />
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
    </BlockFrame>
  );
}
