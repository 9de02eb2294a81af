// The filters panel: period, chart buckets, channels and (with show_title) titles; sticky on wide screens when it fits.
import { useRef } from 'react';
import { useStore } from '@nanostores/react';
import {
  $channelOptions,
  $titleOptions,
  chooseChannels,
  chooseChartPeriod,
  chooseTitles,
  loadFilterOptions,
  localToday,
} from '../../stores/dashboard';
import { useHydrated } from '../shared/use-hydrated';
import { useFits } from '../shared/use-fits';
import { useChosenLabels, useMaxDate, useQuery, useUser } from './use-start';
import { chartPeriodsFor } from '../../lib/dates/chart-rules';
import { periodDays } from '../../lib/dashboard/query';
import MultiSelect from './MultiSelect';
import ChartPeriodRadio from './ChartPeriodRadio';
import PeriodPicker from './PeriodPicker';

export default function FiltersPanel({ open }: { open: boolean }) {
  const query = useQuery();
  const maxDate = useMaxDate();
  const channels = useStore($channelOptions);
  const titles = useStore($titleOptions);
  const labels = useChosenLabels();
  const { showTitle } = useUser();
  const hydrated = useHydrated();
  const panel = useRef<HTMLElement>(null);
  const fits = useFits(panel);
  const buckets = query ? chartPeriodsFor(periodDays(query.period, maxDate, localToday())) : [];

  return (
    <aside
      id="dashboard-filters"
      ref={panel}
      className="card dash-filters"
      data-open={open || undefined}
      data-sticky={fits || undefined}
      aria-label="Filters"
      // The lists load when the filters are first used: pointed at or focused, before a picker opens.
      onPointerEnter={() => void loadFilterOptions()}
      onFocus={() => void loadFilterOptions()}
    >
      <h2>Filters</h2>
      <PeriodPicker />
      <ChartPeriodRadio buckets={buckets} value={query?.chartPeriod ?? null} onChoose={chooseChartPeriod} />
      <MultiSelect
        label="Channels"
        plural="channels"
        options={channels && channels.map((c) => ({ value: c.channel_id, label: c.channel_title }))}
        chosenLabel={labels.channel}
        selected={query?.channels ?? []}
        onApply={chooseChannels}
        onOpen={loadFilterOptions}
        disabled={!query || !hydrated}
      />
      {showTitle && (
        <MultiSelect
          label="Titles"
          plural="titles"
          options={titles && titles.map((t) => ({ value: String(t.title_id), label: t.title }))}
          chosenLabel={labels.title}
          selected={(query?.titles ?? []).map(String)}
          onApply={(values) => chooseTitles(values.map(Number))}
          onOpen={loadFilterOptions}
          disabled={!query || !hydrated}
        />
      )}
    </aside>
  );
}
