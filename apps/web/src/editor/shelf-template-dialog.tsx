import type { Dimensions, ShelfRowsTemplate } from '@fleetlab/warehouse';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { buttonPrimary, buttonSecondary, inputClass } from '../components/ui/styles.ts';

export interface ShelfTemplateDialogProps {
  readonly dimensions: Dimensions;
  readonly onApply: (template: ShelfRowsTemplate) => void;
  readonly onClose: () => void;
}

interface TemplateDraft {
  x: string;
  y: string;
  width: string;
  height: string;
  shelfLength: string;
  shelfDepth: string;
  aisleWidth: string;
  orientation: 'vertical' | 'horizontal';
}

/** Defaults leave a one-cell border free for dropoffs and stations, with double-sided racks. */
export function defaultTemplateDraft(dimensions: Dimensions): TemplateDraft {
  return {
    x: '1',
    y: '1',
    width: String(Math.max(1, dimensions.width - 2)),
    height: String(Math.max(1, dimensions.height - 2)),
    shelfLength: String(Math.min(4, Math.max(1, dimensions.height - 4))),
    shelfDepth: '2',
    aisleWidth: '2',
    orientation: 'vertical',
  };
}

type DraftErrors = Partial<Record<keyof TemplateDraft, string>>;

/** Whole-cell numbers; the area must lie inside the grid and sizes be at least 1. */
export function templateFromDraft(
  draft: TemplateDraft,
  dimensions: Dimensions,
): { ok: true; template: ShelfRowsTemplate } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const whole = (field: keyof TemplateDraft, min: number, max: number): number => {
    const value = Number(draft[field]);
    if (draft[field] === '' || !Number.isInteger(value) || value < min || value > max) {
      errors[field] = `Enter a whole number from ${min} to ${max}`;
    }
    return value;
  };
  const x = whole('x', 0, dimensions.width - 1);
  const y = whole('y', 0, dimensions.height - 1);
  const width = whole('width', 1, dimensions.width - (Number.isInteger(x) && x >= 0 ? x : 0));
  const height = whole('height', 1, dimensions.height - (Number.isInteger(y) && y >= 0 ? y : 0));
  const shelfLength = whole('shelfLength', 1, Math.max(dimensions.width, dimensions.height));
  const shelfDepth = whole('shelfDepth', 1, Math.max(dimensions.width, dimensions.height));
  const aisleWidth = whole('aisleWidth', 1, Math.max(dimensions.width, dimensions.height));
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    template: {
      area: { position: [x, y], size: [width, height] },
      shelfLength,
      shelfDepth,
      aisleWidth,
      orientation: draft.orientation,
    },
  };
}

const FIELDS: ReadonlyArray<{ field: Exclude<keyof TemplateDraft, 'orientation'>; label: string }> = [
  { field: 'x', label: 'Area left (x)' },
  { field: 'y', label: 'Area top (y)' },
  { field: 'width', label: 'Area width' },
  { field: 'height', label: 'Area height' },
  { field: 'shelfLength', label: 'Shelf length' },
  { field: 'shelfDepth', label: 'Shelf depth' },
  { field: 'aisleWidth', label: 'Aisle width' },
];

/** Fills a chosen area with rows of shelves separated by aisles (warehouse fillWithShelfRows). */
export function ShelfTemplateDialog({ dimensions, onApply, onClose }: ShelfTemplateDialogProps) {
  const [draft, setDraft] = useState<TemplateDraft>(() => defaultTemplateDraft(dimensions));
  const [errors, setErrors] = useState<DraftErrors>({});
  const titleId = useId();
  const idPrefix = useId();
  const firstFieldRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstFieldRef.current?.focus();
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through portals: the page's own form must not see this submit.
    event.stopPropagation();
    const result = templateFromDraft(draft, dimensions);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    onApply(result.template);
  };

  // Rendered into <body>: the editor sits inside the environment form, and a form nested in
  // another form would submit the outer one natively.
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/70 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-lg rounded-xl border border-slate-700 bg-slate-900 p-6 shadow-xl"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-100">
          Shelf rows template
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          Fills the area with rows of shelves separated by aisles. Shelves that would overlap existing ones, leave the
          grid or cover a dropoff or station are skipped. Grid: {dimensions.width} x {dimensions.height}.
        </p>
        <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
          <div className="grid grid-cols-2 gap-3">
            {FIELDS.map(({ field, label }, index) => (
              <div key={field} className="space-y-1">
                <label htmlFor={`${idPrefix}-${field}`} className="block text-sm text-slate-200">
                  {label}
                </label>
                <input
                  ref={index === 0 ? firstFieldRef : undefined}
                  id={`${idPrefix}-${field}`}
                  type="number"
                  inputMode="numeric"
                  className={inputClass}
                  value={draft[field]}
                  aria-invalid={errors[field] ? true : undefined}
                  aria-describedby={errors[field] ? `${idPrefix}-${field}-error` : undefined}
                  onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
                />
                {errors[field] && (
                  <p id={`${idPrefix}-${field}-error`} className="text-xs text-red-300">
                    {errors[field]}
                  </p>
                )}
              </div>
            ))}
            <div className="space-y-1">
              <label htmlFor={`${idPrefix}-orientation`} className="block text-sm text-slate-200">
                Shelf direction
              </label>
              <select
                id={`${idPrefix}-orientation`}
                className={inputClass}
                value={draft.orientation}
                onChange={(event) =>
                  setDraft((current) => ({
                    ...current,
                    orientation: event.target.value as TemplateDraft['orientation'],
                  }))
                }
              >
                <option value="vertical">Vertical (columns)</option>
                <option value="horizontal">Horizontal (rows)</option>
              </select>
            </div>
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={buttonPrimary}>
              Apply Template
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
