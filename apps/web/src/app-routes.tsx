import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { ProtectedRoute } from './auth/protected-route.tsx';
import { AppLayout } from './components/layout/app-layout.tsx';
import { FullPageSpinner } from './components/ui/spinner.tsx';
import DashboardPage from './pages/dashboard-page.tsx';
import EnvironmentsPage from './pages/environments-page.tsx';
import ExperimentsPage from './pages/experiments-page.tsx';
import LandingPage from './pages/landing-page.tsx';
import LoginPage from './pages/login-page.tsx';
import NotFoundPage from './pages/not-found-page.tsx';
import RegisterPage from './pages/register-page.tsx';
import ScenarioCreatePage from './pages/scenario-create-page.tsx';
import ScenarioDetailPage from './pages/scenario-detail-page.tsx';
import ScenariosPage from './pages/scenarios-page.tsx';
import SolveCreatePage from './pages/solve-create-page.tsx';
import SolveDetailPage from './pages/solve-detail-page.tsx';
import SolvesPage from './pages/solves-page.tsx';
import TaskDetailPage from './pages/task-detail-page.tsx';
import TasksPage from './pages/tasks-page.tsx';
import VerifyEmailPage from './pages/verify-email-page.tsx';

// The editor and task-building screens carry canvas and layout-generation code most
// visits never need; they load on first use.
const GridEditorPage = lazy(() => import('./pages/grid-editor-page.tsx'));
const EnvironmentDetailPage = lazy(() => import('./pages/environment-detail-page.tsx'));
const EnvironmentEditPage = lazy(() => import('./pages/environment-edit-page.tsx'));
const TaskGeneratePage = lazy(() => import('./pages/task-generate-page.tsx'));
const TaskCreatePage = lazy(() => import('./pages/task-create-page.tsx'));
// The results page carries the sweep chart; the form is rarely used.
const ExperimentCreatePage = lazy(() => import('./pages/experiment-create-page.tsx'));
const ExperimentDetailPage = lazy(() => import('./pages/experiment-detail-page.tsx'));

/** Every route of spec §2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner label="Loading" />}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route element={<ProtectedRoute />}>
          <Route element={<AppLayout />}>
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/environments" element={<EnvironmentsPage />} />
            <Route path="/environments/grid-editor" element={<GridEditorPage />} />
            {/* The scenario form's "create an environment first" link of spec §2 points here. */}
            <Route path="/environments/create" element={<GridEditorPage />} />
            <Route path="/environments/:id" element={<EnvironmentDetailPage />} />
            <Route path="/environments/:id/edit" element={<EnvironmentEditPage />} />
            <Route path="/scenarios" element={<ScenariosPage />} />
            <Route path="/scenarios/create" element={<ScenarioCreatePage />} />
            <Route path="/scenarios/:id" element={<ScenarioDetailPage />} />
            <Route path="/tasks" element={<TasksPage />} />
            <Route path="/tasks/generate" element={<TaskGeneratePage />} />
            <Route path="/tasks/create" element={<TaskCreatePage />} />
            <Route path="/tasks/:id" element={<TaskDetailPage />} />
            <Route path="/solves" element={<SolvesPage />} />
            <Route path="/solves/create" element={<SolveCreatePage />} />
            <Route path="/solves/:id" element={<SolveDetailPage />} />
            <Route path="/experiments" element={<ExperimentsPage />} />
            <Route path="/experiments/create" element={<ExperimentCreatePage />} />
            <Route path="/experiments/:id" element={<ExperimentDetailPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
