// The filters panel: period, chart buckets, channels and (with show_title) titles; sticky on wide screens when it fits.
import { useEffect, useRef, useState } from 'react';
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
import { useChosenLabels, useMaxDate, useQuery, useUser } from './use-start';
import { chartPeriodsFor, type ChartPeriod } from '../../lib/chart-rules';
import { periodDays } from '../../lib/dashboard-query';
import MultiSelect from './MultiSelect';
import PeriodPicker from './PeriodPicker';

const BUCKET_NAMES: Record<ChartPeriod, string> = { days: 'Days', week: 'Week', month: 'Month' };
/** Room kept under the header when the panel sticks. */
const STICKY_GAP_PX = 96;

/** True while the panel is shorter than the window, so sticking would not hide its bottom. */
function useFits(panel: React.RefObject<HTMLElement | null>): boolean {
  const [fits, setFits] = useState(false);
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const check = () => setFits(element.offsetHeight + STICKY_GAP_PX <= window.innerHeight);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    window.addEventListener('resize', check);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', check);
    };
  }, [panel]);
  return fits;
}

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
      {buckets.length > 1 && (
        <fieldset className="buckets">
          <legend className="field-label">Chart by</legend>
          {buckets.map((bucket) => (
            <label key={bucket}>
              <input type="radio" name="chart-period" checked={query?.chartPeriod === bucket} onChange={() => chooseChartPeriod(bucket)} />
              {BUCKET_NAMES[bucket]}
            </label>
          ))}
        </fieldset>
      )}
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
