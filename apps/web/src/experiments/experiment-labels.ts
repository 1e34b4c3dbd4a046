import type { ExperimentKind } from '@fleetlab/warehouse';

export const EXPERIMENT_KIND_LABELS: Record<ExperimentKind, string> = {
  fleet_sweep: 'Fleet sweep',
  algorithm_comparison: 'Algorithm comparison',
  charger_sweep: 'Charger sweep',
  rate_sweep: 'Rate sweep',
};
