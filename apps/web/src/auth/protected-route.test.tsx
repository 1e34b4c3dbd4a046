import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readToken } from '../api/token-storage.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import { ADA } from '../test/fixtures.ts';
import { currentLocation, renderApp } from '../test/render-app.tsx';

describe('protected routes', () => {
  it('send a visitor to /login and back to the origin after signing in', async () => {
    stubFetch({
      'POST /auth/login': { body: { access_token: 'fresh-token', token_type: 'bearer' } },
      'GET /auth/me': { body: ADA },
      'GET /solves': { body: [] },
      'GET /environments': { body: [] },
      'GET /scenarios': { body: [] },
    });
    renderApp('/solves?scenario_id=21');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@fleetlab.test');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentLocation()).toBe('/solves?scenario_id=21'));
    expect(await screen.findByRole('heading', { name: 'Solves' })).toBeInTheDocument();
  });

  it('show a spinner while the current user loads', async () => {
    let releaseUser: (value: { body: unknown }) => void = () => undefined;
    stubFetch({
      'GET /auth/me': () => new Promise((resolve) => (releaseUser = resolve)),
      'GET /environments': { body: [] },
      'GET /scenarios': { body: [] },
      'GET /solves': { body: [] },
    });
    renderApp('/dashboard', { signedIn: true });
    expect(screen.getByRole('status', { name: 'Loading your workspace' })).toBeInTheDocument();
    releaseUser({ body: ADA });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('ada')).toBeInTheDocument();
  });

  it('a 401 on any call clears the token and goes to /login, remembering the page', async () => {
    const network = stubFetch({
      'POST /auth/login': { body: { access_token: 'second-token' } },
      'GET /auth/me': (request) =>
        request.authorization === 'Bearer second-token'
          ? { body: ADA }
          : { status: 401, body: { detail: 'Token expired' } },
      'GET /scenarios': { body: [] },
      'GET /environments': { body: [] },
    });
    renderApp('/scenarios', { signedIn: true });
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(readToken()).toBeNull();
    expect(network.callsTo('GET', '/auth/me')).toHaveLength(1);

    await userEvent.type(screen.getByLabelText('Email'), 'ada@fleetlab.test');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentLocation()).toBe('/scenarios'));
  });

  it('the shared layout has the sidebar, the username and Logout', async () => {
    stubFetch({
      'GET /auth/me': { body: ADA },
      'GET /environments': { body: [] },
      'GET /scenarios': { body: [] },
      'GET /solves': { body: [] },
    });
    renderApp('/dashboard', { signedIn: true });
    expect(await screen.findByText('ada')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of [
      ['Dashboard', '/dashboard'],
      ['Environments', '/environments'],
      ['Scenarios', '/scenarios'],
      ['Tasks', '/tasks'],
      ['Solves', '/solves'],
    ]) {
      expect(nav.querySelector(`a[href="${href}"]`)).toHaveTextContent(label);
    }
    expect(screen.getByRole('link', { name: 'Fleetlab home' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(readToken()).toBeNull();
  });
});

describe('unknown paths', () => {
  it("show 'Page not found' and Go Back returns to the previous page", async () => {
    stubFetch({});
    renderApp('/no/such/page', { history: ['/register'] });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(currentLocation()).toBe('/register'));
  });
});
