// A table's pager: Previous, the page numbers around the current one (pager.ts), Next.
import { pagerItems } from '../../lib/partner/pager';

interface Props {
  page: number;
  pages: number;
  neighbours: number;
  onPage: (page: number) => void;
  disabled?: boolean;
  /** What the pages are of, for screen readers: "Channels pages". */
  label: string;
}

export default function Pager({ page, pages, neighbours, onPage, disabled = false, label }: Props) {
  const items = pagerItems(page, pages, neighbours);
  if (items.length === 0) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="pager-step" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        ← Previous
      </button>
      {items.map((item, i) =>
        item === 'gap' ? (
          <span key={`gap-${i}`} className="pager-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            disabled={disabled}
            onClick={() => item !== page && onPage(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" className="pager-step" disabled={disabled || page >= pages} onClick={() => onPage(page + 1)}>
        Next →
      </button>
    </nav>
  );
}
