// The channel table's optional columns as checkboxes: at most 4 ticked, one under 768 px.
import { useHydrated } from '../shared/use-hydrated';
import { MAX_CHOSEN_COLUMNS, NARROW_MAX_COLUMNS, toggleColumn, type DetailColumn } from '../../lib/details/columns';

interface Props {
  columns: DetailColumn[];
  chosen: string[];
  narrow: boolean;
  onChange: (chosen: string[]) => void;
}

export default function ColumnChooser({ columns, chosen, narrow, onChange }: Props) {
  // Disabled until the island has hydrated: a tick before then would change the box and not the table.
  const hydrated = useHydrated();
  const limit = narrow ? NARROW_MAX_COLUMNS : MAX_CHOSEN_COLUMNS;
  // On a narrow screen only the first ticked column shows, so only it reads as ticked.
  const ticked = narrow ? chosen.slice(0, NARROW_MAX_COLUMNS) : chosen;
  return (
    <fieldset className="column-chooser">
      <legend className="field-label">Columns (up to {limit})</legend>
      {columns
        .filter((c) => c.optional)
        .map((column) => {
          const on = ticked.includes(column.key);
          return (
            <label key={column.key}>
              <input
                type="checkbox"
                checked={on}
                // Wide screens stop at the limit; a narrow screen's one tick moves instead.
                disabled={!hydrated || (!on && !narrow && ticked.length >= limit)}
                onChange={() => onChange(toggleColumn(ticked, column.key, limit))}
              />
              {column.label}
            </label>
          );
        })}
    </fieldset>
  );
}
