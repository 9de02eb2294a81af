// The /illegal pages' state: the query (kept in the URL), and the table or chart answer for it, loaded
// through the API client after the first (server-rendered) one.
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiPost, errorMessage, leaveIfSignedOut } from '../../client/api';
import type { IllegalChartAnswer, IllegalTableAnswer } from '../../lib/api/illegal';
import { chartBody, type IllegalQuery, type IllegalStart, illegalUrl, readIllegalQuery, tableBody } from '../../lib/partner/illegal-query';
import { localToday } from '../../stores/dashboard';

export interface IllegalState {
  query: IllegalQuery;
  table: IllegalTableAnswer | null;
  chart: IllegalChartAnswer | null;
  loading: boolean;
  error: string | null;
  /** Applies a change to the query: the URL follows, the answer reloads. */
  change: (patch: Partial<IllegalQuery>) => void;
}

/** The view's answer is stale once any of these changed; a change of the other view's fields is not. */
const TABLE_FIELDS = ['period', 'channels', 'titles', 'group', 'sort', 'order', 'page', 'view'] as const;
const CHART_FIELDS = ['period', 'channels', 'titles', 'metric', 'breakdown', 'summary', 'chartPeriod', 'view'] as const;

/**
 * The page's state from the server's start; history entries for every change, and back/forward restore them.
 * @example const { query, table, change } = useIllegal(start, showTitle)
 */
export function useIllegal(start: IllegalStart, showTitle: boolean): IllegalState {
  const [query, setQuery] = useState(start.query);
  const [table, setTable] = useState(start.table.data);
  const [chart, setChart] = useState(start.chart.data);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const answered = useRef<{ table: IllegalQuery | null; chart: IllegalQuery | null }>({
    table: start.table.data ? start.query : null,
    chart: start.chart.data ? start.query : null,
  });

  useEffect(() => {
    const fields = query.view === 'table' ? TABLE_FIELDS : CHART_FIELDS;
    const last = answered.current[query.view];
    if (last && fields.every((f) => JSON.stringify(last[f]) === JSON.stringify(query[f]))) return;
    const abort = new AbortController();
    setLoading(true);
    setError(null);
    const load =
      query.view === 'table'
        ? apiPost('/api/illegal/table', tableBody(query, showTitle), abort.signal).then(setTable)
        : apiPost('/api/illegal/chart', chartBody(query, showTitle), abort.signal).then(setChart);
    load
      .then(() => {
        answered.current[query.view] = query;
        setLoading(false);
      })
      .catch((e: unknown) => {
        if (abort.signal.aborted || leaveIfSignedOut(e)) return;
        setError(errorMessage(e));
        setLoading(false);
      });
    return () => abort.abort();
  }, [query, showTitle]);

  useEffect(() => {
    const restore = () => {
      const view = window.location.pathname.endsWith('/chart') ? 'chart' : 'table';
      setQuery(readIllegalQuery(view, window.location.search, localToday()));
    };
    window.addEventListener('popstate', restore);
    return () => window.removeEventListener('popstate', restore);
  }, []);

  const change = useCallback((patch: Partial<IllegalQuery>) => {
    setQuery((current) => {
      const next = { ...current, ...patch };
      window.history.pushState(null, '', illegalUrl(next));
      return next;
    });
  }, []);

  return { query, table, chart, loading, error, change };
}
