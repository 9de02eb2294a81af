// Period pickers over the shared PeriodSelect: the dashboard's (over its query), and one for any page
// that keeps a period of its own (the details page).
import { choosePeriod } from '../../stores/dashboard';
import type { Period } from '../../lib/dates/periods';
import { useHydrated } from '../shared/use-hydrated';
import { useToday } from './use-dashboard';
import { useMaxDate, useQuery } from './use-start';
import PeriodSelect from './PeriodSelect';

interface Props {
  /** The applied period; null before the page has one. */
  period: Period | null;
  maxDate: string | null;
  onChoose: (period: Period) => void;
  /** The select's id (one picker per page). */
  id?: string;
}

/** The dashboard's picker: the dashboard's period, applied to the dashboard. */
export default function DashboardPeriodPicker() {
  const query = useQuery();
  const maxDate = useMaxDate();
  return <PeriodPicker period={query?.period ?? null} maxDate={maxDate} onChoose={choosePeriod} />;
}

/** The period select for a page that keeps a period: disabled until it has one and has hydrated. */
export function PeriodPicker({ period, maxDate, onChoose, id = 'dashboard-period' }: Props) {
  const hydrated = useHydrated();
  const today = useToday();
  return <PeriodSelect id={id} period={period} maxDate={maxDate} today={today} disabled={!period || !hydrated} onChoose={onChoose} />;
}
