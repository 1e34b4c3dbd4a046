const SOLVE_STATUS_TONES: Record<string, string> = {
  pending: 'bg-yellow-500/15 text-yellow-300 ring-yellow-500/40',
  running: 'bg-blue-500/15 text-blue-300 ring-blue-500/40',
  completed: 'bg-green-500/15 text-green-300 ring-green-500/40',
  failed: 'bg-red-500/15 text-red-300 ring-red-500/40',
};

/** Spec §4: pending yellow, running blue, completed green, failed red; anything else yellow. */
function solveStatusTone(status: string): string {
  return SOLVE_STATUS_TONES[status] ?? SOLVE_STATUS_TONES.pending;
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-tone={status in SOLVE_STATUS_TONES ? status : 'pending'}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${solveStatusTone(status)}`}
    >
      {status}
    </span>
  );
}

const TASK_TYPE_LABELS: Record<string, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  pickup_delivery: 'Pickup & Delivery',
  combined: 'Combined',
};

function taskTypeLabel(taskType: string): string {
  return TASK_TYPE_LABELS[taskType] ?? taskType;
}

const TASK_TYPE_TONES: Record<string, string> = {
  pickup: 'bg-sky-500/15 text-sky-300 ring-sky-500/40',
  delivery: 'bg-violet-500/15 text-violet-300 ring-violet-500/40',
  pickup_delivery: 'bg-indigo-500/15 text-indigo-300 ring-indigo-500/40',
  combined: 'bg-teal-500/15 text-teal-300 ring-teal-500/40',
};

export function TaskTypeBadge({ taskType }: { taskType: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        TASK_TYPE_TONES[taskType] ?? 'bg-slate-500/15 text-slate-300 ring-slate-500/40'
      }`}
    >
      {taskTypeLabel(taskType)}
    </span>
  );
}
