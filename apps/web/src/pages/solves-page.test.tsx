import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { ADA, CROSS_DOCK, MORNING_RUSH, NIGHT_SHIFT, SMALL_WAREHOUSE, solveFixture } from '../test/fixtures.ts';
import { currentLocation, renderApp } from '../test/render-app.tsx';

describe('/solves', () => {
  it('lists solves and filters by environment and by scenario', async () => {
    const network = stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /environments': { body: [SMALL_WAREHOUSE, CROSS_DOCK] },
      'GET /scenarios': { body: [MORNING_RUSH, NIGHT_SHIFT] },
      'GET /solves': { body: [solveFixture({ status: 'completed' })] },
    });
    renderApp('/solves', { signedIn: true });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Status',
      'Environment',
      'Scenario',
      'Task Id',
      'Results',
    ]);
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Solve for Morning Rush');
    expect(row).toHaveTextContent('First try');
    expect(within(row).getByText('completed')).toHaveClass('text-green-300');
    expect(row).toHaveTextContent('Small Warehouse');
    await waitFor(() => expect(row).toHaveTextContent('Morning Rush'));
    expect(within(row).getByRole('link', { name: 'View Results' })).toHaveAttribute('href', '/solves/41');
    expect(screen.getByRole('link', { name: 'Create Solve' })).toHaveAttribute('href', '/solves/create');

    await userEvent.click(within(screen.getByRole('group', { name: 'Environment' })).getByRole('button', { name: 'Small Warehouse' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves?environment_id=11'));
    const scenarioFilter = screen.getByRole('group', { name: 'Scenario' });
    expect(within(scenarioFilter).getAllByRole('button').map((button) => button.textContent)).toEqual(['All', 'Morning Rush']);
    await userEvent.click(within(scenarioFilter).getByRole('button', { name: 'Morning Rush' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves?environment_id=11&scenario_id=21'));
    await waitFor(() =>
      expect(network.calls.some((call) => call.path === '/solves' && call.query.toString() === 'environment_id=11&scenario_id=21')).toBe(true),
    );
  });

  it("says 'No solves found' and reports failures", async () => {
    stubFetch({ 'GET /auth/me': { body: ADA }, 'GET /environments': { body: [] }, 'GET /scenarios': { body: [] }, 'GET /solves': { body: [] } });
    const first = renderApp('/solves', { signedIn: true });
    expect(await screen.findByText('No solves found')).toBeInTheDocument();
    first.unmount();
    stubFetch({ 'GET /auth/me': { body: ADA }, 'GET /environments': { body: [] }, 'GET /scenarios': { body: [] }, 'GET /solves': { status: 500, body: null } });
    renderApp('/solves', { signedIn: true });
    expect(await screen.findByText('Failed to load solves. Please try again later.')).toBeInTheDocument();
  });
});
