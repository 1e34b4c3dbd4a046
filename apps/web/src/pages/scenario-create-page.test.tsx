import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { ADA, CROSS_DOCK, SMALL_WAREHOUSE } from '../test/fixtures.ts';
import { currentLocation, renderApp } from '../test/render-app.tsx';

const base = { 'GET /auth/me': { body: ADA }, 'GET /environments': { body: [SMALL_WAREHOUSE, CROSS_DOCK] } };

describe('/scenarios/create', () => {
  it('preselects the first environment and creates the scenario with empty parameters', async () => {
    const network = stubFetch({
      ...base,
      'POST /scenarios': { status: 201, body: { id: 77 } },
      'GET /scenarios/77': { status: 404, body: { detail: 'Scenario not found' } },
    });
    renderApp('/scenarios/create', { signedIn: true });
    const environment = await screen.findByLabelText('Environment');
    await waitFor(() => expect(environment).toHaveValue('11'));
    await userEvent.type(screen.getByLabelText('Name'), ' Peak week ');
    await userEvent.type(screen.getByLabelText('Description'), 'Black Friday');
    await userEvent.click(screen.getByRole('button', { name: 'Create Scenario' }));
    await waitFor(() => expect(currentLocation()).toBe('/scenarios/77'));
    expect(network.callsTo('POST', '/scenarios')[0].body).toEqual({
      name: 'Peak week',
      description: 'Black Friday',
      environment_id: 11,
      parameters: {},
    });
  });

  it('preselects the environment named by environment_id', async () => {
    stubFetch(base);
    renderApp('/scenarios/create?environment_id=12', { signedIn: true });
    await waitFor(() => expect(screen.getByLabelText('Environment')).toHaveValue('12'));
  });

  it('requires an environment and a name', async () => {
    const network = stubFetch(base);
    renderApp('/scenarios/create', { signedIn: true });
    const environment = await screen.findByLabelText('Environment');
    await waitFor(() => expect(environment).toHaveValue('11'));
    await userEvent.selectOptions(environment, '');
    await userEvent.click(screen.getByRole('button', { name: 'Create Scenario' }));
    expect(screen.getByText('Please select an environment')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(network.callsTo('POST', '/scenarios')).toHaveLength(0);
  });

  it('asks for an environment first when there is none', async () => {
    stubFetch({ ...base, 'GET /environments': { body: [] } });
    renderApp('/scenarios/create', { signedIn: true });
    expect(await screen.findByText('You need to create an environment first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Environment' })).toHaveAttribute('href', '/environments/create');
  });

  it('only logs a failed environment list', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ ...base, 'GET /environments': { status: 403, body: null } });
    renderApp('/scenarios/create', { signedIn: true });
    expect(await screen.findByLabelText('Environment')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Failed to load environments', expect.anything());
  });

  it('reports a failed save', async () => {
    stubFetch({ ...base, 'POST /scenarios': { status: 500, body: null } });
    renderApp('/scenarios/create', { signedIn: true });
    await waitFor(() => expect(screen.getByLabelText('Environment')).toHaveValue('11'));
    await userEvent.type(screen.getByLabelText('Name'), 'Peak');
    await userEvent.click(screen.getByRole('button', { name: 'Create Scenario' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create scenario. Please try again.');
  });

  it('sends Order Volume and Robot Count when given, within the robots of the environment', async () => {
    const network = stubFetch({
      ...base,
      'POST /scenarios': { status: 201, body: { id: 78 } },
      'GET /scenarios/78': { status: 404, body: { detail: 'Scenario not found' } },
    });
    renderApp('/scenarios/create', { signedIn: true });
    await waitFor(() => expect(screen.getByLabelText('Environment')).toHaveValue('11'));
    await userEvent.type(screen.getByLabelText('Name'), 'Peak');
    await userEvent.type(screen.getByLabelText('Order Volume'), '40');
    await userEvent.type(screen.getByLabelText('Robot Count'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Create Scenario' }));
    // Small Warehouse has one robot.
    expect(
      screen.getByText(
        // The fixture's floor cannot be built (a pickup between cells): it takes its drawn robot only.
        'This floor can take at most 1 robot (1 drawn, 0 more beside the stations).',
      ),
    ).toBeInTheDocument();
    expect(network.callsTo('POST', '/scenarios')).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Robot Count'));
    await userEvent.type(screen.getByLabelText('Robot Count'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Scenario' }));
    await waitFor(() => expect(currentLocation()).toBe('/scenarios/78'));
    expect(network.callsTo('POST', '/scenarios')[0].body).toEqual({
      name: 'Peak',
      description: '',
      environment_id: 11,
      parameters: { order_volume: 40, robot_count: 1 },
    });
  });

  it('Cancel returns to the list', async () => {
    stubFetch({ ...base, 'GET /scenarios': { body: [] } });
    renderApp('/scenarios/create', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(currentLocation()).toBe('/scenarios');
  });
});
