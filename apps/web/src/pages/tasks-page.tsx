import { Link, useSearchParams } from 'react-router';
import { useScenarios, useTasks } from '../api/hooks.ts';
import { TaskTypeBadge } from '../components/ui/badges.tsx';
import { DataTable, NameWithDescriptionCell, RowLinkCell, type DataTableColumn } from '../components/ui/data-table.tsx';
import { FilterBar } from '../components/ui/filter-bar.tsx';
import { ListStates } from '../components/ui/list-states.tsx';
import { EmptyState, PageHeader } from '../components/ui/page-header.tsx';
import { buttonPrimary, buttonSecondary, linkText } from '../components/ui/styles.ts';
import { parseIdParam } from '../lib/scenario-records.ts';

const TASK_COLUMNS: readonly DataTableColumn[] = [
  { label: 'Name' },
  { label: 'Type' },
  { label: 'Scenario' },
  { label: 'View', align: 'right' },
];

export default function TasksPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const scenarioId = parseIdParam(searchParams.get('scenario_id'));
  const tasks = useTasks(scenarioId);
  const scenarios = useScenarios();
  const scenarioNames = new Map((scenarios.data ?? []).map((scenario) => [scenario.id, scenario.name]));

  return (
    <div>
      <PageHeader
        title="Tasks"
        description="Pickup and delivery jobs your fleets will be asked to complete."
        actions={
          <>
            <Link
              to={scenarioId ? `/tasks/create?scenario_id=${scenarioId}` : '/tasks/create'}
              className={buttonSecondary}
            >
              Create Task
            </Link>
            <Link
              to={scenarioId ? `/tasks/generate?scenario_id=${scenarioId}` : '/tasks/generate'}
              className={buttonPrimary}
            >
              Generate Tasks
            </Link>
          </>
        }
      />
      {(scenarios.data?.length ?? 0) > 0 && (
        <div className="mb-6">
          <FilterBar
            label="Scenario"
            selected={scenarioId}
            options={(scenarios.data ?? []).map((scenario) => ({ value: String(scenario.id), label: scenario.name }))}
            onSelect={(value) => setSearchParams(value === null ? {} : { scenario_id: value })}
          />
        </div>
      )}
      <ListStates
        query={tasks}
        loadingLabel="Loading tasks"
        errorText="Failed to load tasks. Please try again later."
        empty={
          <EmptyState title="No tasks found">
            <p>Generate pickup and delivery tasks for a scenario to start optimising.</p>
          </EmptyState>
        }
      >
        {(taskList) => (
          <DataTable inCard columns={TASK_COLUMNS}>
            {taskList.map((task) => (
              <tr key={task.id} className="hover:bg-slate-800/40">
                <NameWithDescriptionCell name={task.name} description={task.description} />
                <td className="px-5 py-3">
                  <TaskTypeBadge taskType={task.task_type} />
                </td>
                <td className="px-5 py-3 text-slate-300">
                  <Link to={`/scenarios/${task.scenario_id}`} className={linkText}>
                    {scenarioNames.get(task.scenario_id) ?? `Scenario ${task.scenario_id}`}
                  </Link>
                </td>
                <RowLinkCell to={`/tasks/${task.id}`}>View</RowLinkCell>
              </tr>
            ))}
          </DataTable>
        )}
      </ListStates>
    </div>
  );
}
