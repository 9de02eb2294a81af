// The details filters: period, channels, titles (show_title, not on subs), countries (not on audience)
// and the Group by radio; the dashboard's pickers, applied to the details page.
import { useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { DetailsGroup } from '../../lib/api/details';
import { filtersFor, formatsSplit, groupsFor, type DetailsQuery } from '../../lib/details/query';
import { $channelOptions, $titleOptions, loadFilterOptions } from '../../stores/dashboard';
import {
  $countryOptions,
  chooseCountries,
  chooseDetailsChannels,
  chooseDetailsPeriod,
  chooseDetailsTitles,
  chooseGroup,
  loadCountryOptions,
} from '../../stores/details';
import MultiSelect from '../dashboard/MultiSelect';
import { PeriodPicker } from '../dashboard/PeriodPicker';
import { useFits } from '../shared/use-fits';
import { useHydrated } from '../shared/use-hydrated';
import { useDetailsMaxDate, useDetailsUser, useStartLabels } from './use-details';

const GROUP_NAMES: Record<DetailsGroup, string> = { channels: 'Channel', titles: 'Title', countries: 'Country', formats: 'Format' };

export default function DetailsFilters({ query, open }: { query: DetailsQuery; open: boolean }) {
  const maxDate = useDetailsMaxDate();
  const user = useDetailsUser();
  const labels = useStartLabels();
  const channels = useStore($channelOptions);
  const titles = useStore($titleOptions);
  const countries = useStore($countryOptions);
  const hydrated = useHydrated();
  const panel = useRef<HTMLElement>(null);
  const fits = useFits(panel);
  const shown = filtersFor(query.id, user);
  const groups = groupsFor(query.id, user);
  const formats = formatsSplit(query);
  const loadLists = () => {
    void loadFilterOptions(user.showTitle);
    if (shown.countries) void loadCountryOptions();
  };

  return (
    <aside
      id="details-filters"
      ref={panel}
      className="card dash-filters"
      data-open={open || undefined}
      data-sticky={fits || undefined}
      aria-label="Filters"
      onPointerEnter={loadLists}
      onFocus={loadLists}
    >
      <h2>Filters</h2>
      <PeriodPicker id="details-period" period={query.period} maxDate={maxDate} onChoose={chooseDetailsPeriod} />
      <MultiSelect
        label="Channels"
        plural="channels"
        options={channels && channels.map((c) => ({ value: c.channel_id, label: c.channel_title }))}
        chosenLabel={labels.channel}
        selected={query.channels}
        onApply={chooseDetailsChannels}
        onOpen={loadLists}
        disabled={!hydrated}
      />
      {shown.titles && (
        <MultiSelect
          label="Titles"
          plural="titles"
          options={titles && titles.map((t) => ({ value: String(t.title_id), label: t.title }))}
          chosenLabel={labels.title}
          selected={query.titles.map(String)}
          onApply={(values) => chooseDetailsTitles(values.map(Number))}
          onOpen={loadLists}
          disabled={!hydrated}
        />
      )}
      {shown.countries && (
        <MultiSelect
          label="Countries"
          plural="countries"
          options={countries && countries.map((c) => ({ value: c.code2, label: c.country_name }))}
          chosenLabel={labels.country}
          selected={query.countries}
          onApply={chooseCountries}
          onOpen={loadLists}
          disabled={!hydrated}
        />
      )}
      {shown.titles && shown.countries && (
        <p className="note muted">Titles and countries cannot be combined: choosing one clears the other.</p>
      )}
      {groups.length > 1 && (
        <fieldset className="buckets">
          <legend className="field-label">Group by</legend>
          {groups.map((group) => (
            <label key={group}>
              <input
                type="radio"
                name="details-group"
                checked={query.group === group}
                onChange={() => chooseGroup(group)}
                disabled={!hydrated || (group === 'formats' && !formats)}
              />
              {GROUP_NAMES[group]}
            </label>
          ))}
          {groups.includes('formats') && !formats && (
            <p className="note muted">Formats are not split under a titles or countries filter.</p>
          )}
        </fieldset>
      )}
    </aside>
  );
}
