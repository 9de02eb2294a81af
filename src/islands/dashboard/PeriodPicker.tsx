// The dashboard's period select: the shared PeriodSelect over the dashboard's query.
import { choosePeriod } from '../../stores/dashboard';
import { useHydrated } from '../shared/use-hydrated';
import { useToday } from './use-dashboard';
import { useMaxDate, useQuery } from './use-start';
import PeriodSelect from './PeriodSelect';

export default function PeriodPicker() {
  const query = useQuery();
  const maxDate = useMaxDate();
  const hydrated = useHydrated();
  const today = useToday();
  return (
    <PeriodSelect
      id="dashboard-period"
      period={query?.period ?? null}
      maxDate={maxDate}
      today={today}
      disabled={!query || !hydrated}
      onChoose={choosePeriod}
    />
  );
}
