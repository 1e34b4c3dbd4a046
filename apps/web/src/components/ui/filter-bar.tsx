import { filterButton } from './styles.ts';

export interface FilterOption {
  value: string;
  label: string;
}

/** A row of toggle buttons: All plus one per option (spec §2 list filters). */
export function FilterBar({
  label,
  options,
  selected,
  onSelect,
}: {
  label: string;
  options: FilterOption[];
  selected: string | null;
  onSelect: (value: string | null) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      <span className="mr-1 text-xs font-semibold uppercase tracking-wider text-slate-500">{label}</span>
      <button
        type="button"
        aria-pressed={selected === null}
        className={filterButton(selected === null)}
        onClick={() => onSelect(null)}
      >
        All
      </button>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={selected === option.value}
          className={filterButton(selected === option.value)}
          onClick={() => onSelect(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
