import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { ADA, CROSS_DOCK, MORNING_RUSH, NIGHT_SHIFT, SMALL_WAREHOUSE } from '../test/fixtures.ts';
import { currentLocation, renderApp } from '../test/render-app.tsx';

describe('/scenarios', () => {
  it('lists cards and filters by environment with All plus one button per environment', async () => {
    const network = stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /environments': { body: [SMALL_WAREHOUSE, CROSS_DOCK] },
      'GET /scenarios': (request) => ({
        body:
          request.query.get('environment_id') === '12'
            ? [NIGHT_SHIFT]
            : request.query.get('environment_id')
              ? []
              : [MORNING_RUSH, NIGHT_SHIFT],
      }),
    });
    renderApp('/scenarios', { signedIn: true });
    const cards = within(await screen.findByRole('list', { name: 'Scenario list' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Small Warehouse');
    expect(cards[0]).toHaveTextContent('Morning Rush');
    expect(cards[0]).toHaveTextContent('Peak orders');
    expect(within(cards[0]).getByText('Robots').nextSibling).toHaveTextContent('1');
    expect(cards[1]).toHaveTextContent('No description provided');
    expect(within(cards[1]).getByText('Order Volume').nextSibling).toHaveTextContent('40');
    expect(within(cards[1]).getByText('Robots').nextSibling).toHaveTextContent('3');
    expect(within(cards[1]).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/scenarios/22');

    const filters = screen.getByRole('group', { name: 'Environment' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Small Warehouse', 'Cross Dock']);
    await userEvent.click(within(filters).getByRole('button', { name: 'Cross Dock' }));
    await waitFor(() => expect(currentLocation()).toBe('/scenarios?environment_id=12'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Scenario list' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(network.calls.some((call) => call.path === '/scenarios' && call.query.get('environment_id') === '12')).toBe(
      true,
    );

    await userEvent.click(within(filters).getByRole('button', { name: 'Small Warehouse' }));
    expect(await screen.findByText('No scenarios found')).toBeInTheDocument();
    expect(screen.getByText(/No scenarios exist for the selected environment\./)).toHaveTextContent(
      'No scenarios exist for the selected environment. Create one now!',
    );
    expect(screen.getByRole('link', { name: 'Create one now!' })).toHaveAttribute(
      'href',
      '/scenarios/create?environment_id=11',
    );
  });

  it('invites the first scenario when there are none', async () => {
    stubFetch({ 'GET /auth/me': { body: ADA }, 'GET /environments': { body: [] }, 'GET /scenarios': { body: [] } });
    renderApp('/scenarios', { signedIn: true });
    expect(await screen.findByText('No scenarios found')).toBeInTheDocument();
    expect(screen.getByText('Create your first scenario to get started.')).toBeInTheDocument();
  });

  it('reports a failed load', async () => {
    stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /environments': { body: [] },
      'GET /scenarios': { status: 404, body: null },
    });
    renderApp('/scenarios', { signedIn: true });
    expect(await screen.findByText('Failed to load scenarios. Please try again later.')).toBeInTheDocument();
  });
});
