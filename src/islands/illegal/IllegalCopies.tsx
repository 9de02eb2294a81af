// The illegal copies pages (/illegal/table, /illegal/chart): the Table / Chart switch, the filters
// (period, channels, titles, group by) and the view, hydrated from what the server rendered.
import type { MouseEvent } from 'react';
import { ILLEGAL_TABLE_GROUPS, type IllegalTableGroup } from '../../lib/api/illegal';
import { illegalUrl, type IllegalStart, type IllegalView } from '../../lib/partner/illegal-query';
import { periodLabel } from '../../lib/dates/periods';
import { ServerToday } from '../dashboard/use-dashboard';
import MultiSelect from '../dashboard/MultiSelect';
import { PeriodPicker } from '../dashboard/PeriodPicker';
import { useHydrated } from '../shared/use-hydrated';
import { CHART_GROUP_NAMES, CHART_GROUPS } from './IllegalChart';
import IllegalChart from './IllegalChart';
import IllegalTable from './IllegalTable';
import { useIllegal } from './use-illegal';

const TABLE_GROUP_NAMES: Record<IllegalTableGroup, string> = { none: 'None', channel: 'Channel', title: 'Title' };
const VIEWS: Record<IllegalView, string> = { table: 'Table', chart: 'Chart' };

interface Props {
  start: IllegalStart;
  showTitle: boolean;
  /** The server's today: the first render's period menu matches the HTML. */
  today: string;
}

export default function IllegalCopies({ start, showTitle, today }: Props) {
  return (
    <ServerToday.Provider value={today}>
      <Body start={start} showTitle={showTitle} today={today} />
    </ServerToday.Provider>
  );
}

function Body({ start, showTitle, today }: Props) {
  const { query, table, chart, loading, error, change } = useIllegal(start, showTitle);
  const hydrated = useHydrated();
  const disabled = !hydrated || loading;
  // A plain link before the island runs; a switch in place after.
  const switchView = (view: IllegalView) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    change({ view });
  };
  return (
    <div className="dash-layout illegal">
      <div className="details-main">
        <header>
          <h1>Illegal copies</h1>
          <p className="dash-range">{periodLabel(query.period)}</p>
        </header>
        <nav className="details-switches" aria-label="View">
          {(['table', 'chart'] as const).map((view) => (
            <a
              key={view}
              href={illegalUrl({ ...query, view })}
              aria-current={query.view === view ? 'page' : undefined}
              onClick={switchView(view)}
            >
              {VIEWS[view]}
            </a>
          ))}
        </nav>
        {error && (
          <p className="card error-note" role="alert">
            {error}
          </p>
        )}
        <div aria-busy={loading || undefined}>
          {query.view === 'table' ? (
            <IllegalTable answer={table} disabled={disabled} change={change} />
          ) : (
            <IllegalChart answer={chart} query={query} disabled={disabled} change={change} />
          )}
        </div>
      </div>
      <aside className="card dash-filters" aria-label="Filters">
        <h2>Filters</h2>
        <PeriodPicker
          id="illegal-period"
          period={query.period}
          maxDate={today}
          onChoose={(period) => change({ period, page: 1, chartPeriod: null })}
        />
        <MultiSelect
          label="Channels"
          plural="channels"
          options={start.channels}
          selected={query.channels}
          onApply={(channels) => change({ channels, page: 1 })}
          disabled={!hydrated}
        />
        {showTitle && (
          <MultiSelect
            label="Titles"
            plural="titles"
            options={start.titles}
            chosenLabel="All titles"
            selected={query.titles.map(String)}
            onApply={(titles) => change({ titles: titles.map(Number), page: 1 })}
            disabled={!hydrated}
          />
        )}
        <fieldset className="group-by" disabled={disabled}>
          <legend className="field-label">Group by</legend>
          {query.view === 'table'
            ? ILLEGAL_TABLE_GROUPS.filter((g) => showTitle || g !== 'title').map((group) => (
                <label key={group}>
                  <input
                    type="radio"
                    name="illegal-group"
                    checked={query.group === group}
                    onChange={() => change({ group, sort: null, order: 'desc', page: 1 })}
                  />
                  {TABLE_GROUP_NAMES[group]}
                </label>
              ))
            : CHART_GROUPS.map((metric) => (
                <label key={metric}>
                  <input type="radio" name="illegal-metric" checked={query.metric === metric} onChange={() => change({ metric })} />
                  {CHART_GROUP_NAMES[metric]}
                </label>
              ))}
        </fieldset>
      </aside>
    </div>
  );
}
