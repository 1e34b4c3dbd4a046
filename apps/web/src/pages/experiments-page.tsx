import { Link } from 'react-router';
import { ALGORITHM_BY_NAME, EXPERIMENT_KINDS, robotModelLabel } from '@fleetlab/warehouse';
import { StatusBadge } from '../components/ui/badges.tsx';
import { ListStates } from '../components/ui/list-states.tsx';
import { EmptyState, PageHeader } from '../components/ui/page-header.tsx';
import { buttonPrimary, card, linkText } from '../components/ui/styles.ts';
import { ExperimentProgress } from '../experiments/experiment-progress.tsx';
import { useExperiments } from '../api/hooks.ts';
import type { Experiment } from '../api/types.ts';
import { formatDate, formatGrouped } from '../lib/display-format.ts';

export default function ExperimentsPage() {
  const experiments = useExperiments();
  const newExperiment = (
    <Link to="/experiments/create" className={buttonPrimary}>
      New Experiment
    </Link>
  );
  return (
    <div>
      <PageHeader
        title="Experiments"
        description="How many robots do you need, and which algorithm should you use? Run a fleet sweep or compare algorithms."
        actions={newExperiment}
      />
      <ListStates
        query={experiments}
        loadingLabel="Loading experiments"
        errorText="Failed to load experiments. Please try again later."
        empty={
          <EmptyState title="No experiments yet">
            Run a fleet sweep to find how many robots your orders need.
          </EmptyState>
        }
      >
        {(experimentList) => (
          <ul className="grid gap-4 md:grid-cols-2">
            {experimentList.map((experiment) => (
              <li key={experiment.id} className={`${card} space-y-3 p-5`}>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="truncate text-lg font-semibold text-white">{experiment.name}</h2>
                    <p className="text-xs text-slate-400">
                      {EXPERIMENT_KINDS[experiment.kind].label} · {formatDate(experiment.created_at)}
                    </p>
                  </div>
                  <StatusBadge status={experiment.status} />
                </div>
                <p className="text-sm text-slate-300">{experimentSummary(experiment)}</p>
                <ExperimentProgress progress={experiment.progress} />
                <Link to={`/experiments/${experiment.id}`} className={`${linkText} text-sm`}>
                  View Results
                </Link>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  );
}

/** What an experiment varies, in one line: 'Makespan search on 1, 2, 3 robots', '... at 300, 600 orders/h'. */
function experimentSummary(experiment: Experiment): string {
  const algorithm = ALGORITHM_BY_NAME[experiment.algorithms[0]].label;
  switch (experiment.kind) {
    case 'fleet_sweep':
      return `${algorithm} on ${experiment.robot_counts.join(', ')} robots`;
    case 'charger_sweep':
      return `${algorithm} with ${experiment.charger_counts.join(', ')} chargers per station`;
    case 'rate_sweep':
      return `${algorithm} at ${experiment.rates.map((rate) => formatGrouped(rate)).join(', ')} orders/h`;
    case 'algorithm_comparison':
      return experiment.algorithms.map((name) => ALGORITHM_BY_NAME[name].label).join(' vs ');
    case 'robot_model_comparison': {
      const models = experiment.robot_models.map((model) => robotModelLabel(model)).join(' vs ');
      return experiment.robot_counts.length > 0
        ? `${algorithm}: ${models} on ${experiment.robot_counts.join(', ')} robots`
        : `${algorithm}: ${models}`;
    }
  }
}
