// A multi-select dropdown with search, All / Clear and Ok; nothing applies until Ok. Nothing ticked
// stands for every item (no filter), as in YouTube Studio: ticking one item and pressing Ok filters to it.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

export interface Option {
  value: string;
  label: string;
}

interface Props {
  label: string;
  /** The noun for the button: "All channels", "3 channels". */
  plural: string;
  /** null while the list loads (it loads the first time the filters are used). */
  options: Option[] | null;
  /** The name of the one selected item, known before the list loads. */
  chosenLabel?: string | null;
  /** Empty means all. */
  selected: string[];
  onApply: (values: string[]) => void;
  /** Asks for the list when the popup opens (a no-op once it is loading or loaded). */
  onOpen?: () => void;
  disabled?: boolean;
}

/** Room kept between the popup and the window's edge (or the sticky header). */
const EDGE_GAP_PX = 8;
/** Below this much room under the button, the popup opens upwards when there is more room above. */
const MIN_ROOM_PX = 240;
/** Search, All / Clear, a few rows and Ok: the popup is never squeezed below this in a tiny window. */
const MIN_POPUP_PX = 180;

/** Where the popup fits in the window: its height limit, and whether it opens above the button. */
interface Room {
  maxHeight: number;
  above: boolean;
}

/**
 * The popup must end inside the window: the filters panel sticks to the top, so the page cannot be
 * scrolled to an Ok button below the window's bottom. The list scrolls inside instead.
 */
function roomFor(picker: HTMLElement): Room {
  // The popup hangs from the picker's box (label and button): below its bottom or above its top.
  const rect = picker.getBoundingClientRect();
  const header = document.querySelector('.app-header')?.getBoundingClientRect().bottom ?? 0;
  const below = window.innerHeight - rect.bottom - EDGE_GAP_PX;
  const above = rect.top - Math.max(header, 0) - EDGE_GAP_PX;
  const up = below < MIN_ROOM_PX && above > below;
  return { maxHeight: Math.max(MIN_POPUP_PX, Math.floor(up ? above : below)), above: up };
}

/** The button's text: names what is applied ("1 of channels" read as nonsense when a value had no option). */
function summary(selected: string[], options: Option[] | null, plural: string, chosenLabel: string | null): string {
  if (selected.length === 0) return `All ${plural}`;
  if (selected.length === 1) return options?.find((o) => o.value === selected[0])?.label ?? chosenLabel ?? '1 selected';
  return `${selected.length} ${plural}`;
}

export default function MultiSelect({ label, plural, options, chosenLabel = null, selected, onApply, onOpen, disabled }: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  // null: nothing changed since opening, so the ticks are the applied filter (none ticked: no filter).
  // 'all': All was clicked, whatever the list turns out to hold (it may still be loading then).
  const [changed, setDraft] = useState<Set<string> | 'all' | null>(null);
  const all = (options ?? []).map((o) => o.value);
  const draft = changed === 'all' ? new Set(all) : (changed ?? new Set(selected));
  const [room, setRoom] = useState<Room | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();

  // Measured before paint on opening, and again when the window is resized, so Ok lands inside it.
  // Not on scroll: where the page scrolls (no sticky panel), the popup moves with it, as a person expects.
  useLayoutEffect(() => {
    if (!open) return;
    const measure = () => root.current && setRoom(roomFor(root.current));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const toggleOpen = () => {
    onOpen?.();
    setDraft(null);
    setSearch('');
    setOpen(!open);
  };
  const apply = () => {
    const values = all.filter((value) => draft.has(value));
    // None or every option ticked is no filter: sent as "all" (no list in the URL), and it follows new channels.
    onApply(values.length === all.length ? [] : values);
    setOpen(false);
  };
  const flip = (value: string) => {
    const next = new Set(draft);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    setDraft(next);
  };
  const needle = search.trim().toLowerCase();
  const list = options ?? [];
  const shown = needle ? list.filter((o) => o.label.toLowerCase().includes(needle)) : list;

  return (
    <div className="multi-select" ref={root} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <button
        type="button"
        className="select-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={toggleOpen}
        disabled={disabled}
      >
        <span id={`${id}-value`}>{summary(selected, options, plural, chosenLabel)}</span>
      </button>
      {open && (
        <div
          className="select-popup"
          role="dialog"
          aria-label={label}
          data-above={room?.above || undefined}
          style={room ? { maxHeight: `${room.maxHeight}px` } : undefined}
        >
          <input
            type="search"
            placeholder="Search"
            aria-label={`Search ${plural}`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoFocus
          />
          <div className="select-actions">
            <button type="button" className="link-button" onClick={() => setDraft('all')}>
              All
            </button>
            <button type="button" className="link-button" onClick={() => setDraft(new Set())}>
              Clear
            </button>
          </div>
          <ul className="select-options">
            {shown.map((option) => (
              <li key={option.value}>
                <label>
                  <input type="checkbox" checked={draft.has(option.value)} onChange={() => flip(option.value)} /> {option.label}
                </label>
              </li>
            ))}
            {options === null && <li className="muted">Loading…</li>}
            {options !== null && shown.length === 0 && <li className="muted">No data available</li>}
          </ul>
          <button type="button" className="button" onClick={apply} disabled={options === null}>
            Ok
          </button>
        </div>
      )}
    </div>
  );
}
