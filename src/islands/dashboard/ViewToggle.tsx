// A card's choice between two or more views of its figures (a radio group of buttons).

interface Props<V extends string> {
  /** What the group chooses, for assistive technology: "Subscribers view". */
  label: string;
  views: Record<V, string>;
  value: V;
  onChoose: (view: V) => void;
}

export default function ViewToggle<V extends string>({ label, views, value, onChoose }: Props<V>) {
  return (
    <div className="toggle" role="radiogroup" aria-label={label}>
      {(Object.entries(views) as [V, string][]).map(([view, name]) => (
        <button key={view} type="button" role="radio" aria-checked={value === view} onClick={() => onChoose(view)}>
          {name}
        </button>
      ))}
    </div>
  );
}
