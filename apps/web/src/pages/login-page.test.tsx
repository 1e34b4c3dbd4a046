import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readToken } from '../api/token-storage.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import { ADA } from '../test/fixtures.ts';
import { currentLocation, renderApp } from '../test/render-app.tsx';

const signedInRoutes = {
  'POST /auth/login': { body: { access_token: 'fresh-token', token_type: 'bearer' } },
  'GET /auth/me': { body: ADA },
  'GET /environments': { body: [] },
  'GET /scenarios': { body: [] },
  'GET /solves': { body: [] },
};

describe('/login', () => {
  it('requires Email and Password', async () => {
    const network = stubFetch({});
    renderApp('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
  });

  it('signs in with the e-mail as username, stores the token, fetches the user and opens /dashboard', async () => {
    const network = stubFetch(signedInRoutes);
    renderApp('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@fleetlab.test');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(network.callsTo('POST', '/auth/login')[0].body).toEqual({
      username: 'ada@fleetlab.test',
      password: 'correct horse',
    });
    expect(network.callsTo('GET', '/auth/me')[0].authorization).toBe('Bearer fresh-token');
    expect(readToken()).toBe('fresh-token');
    expect(await screen.findByText('ada')).toBeInTheDocument();
  });

  it("shows 'Incorrect email or password' for a 400", async () => {
    stubFetch({ 'POST /auth/login': { status: 400, body: { detail: 'Incorrect email or password' } } });
    renderApp('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@fleetlab.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(readToken()).toBeNull();
    expect(currentLocation()).toBe('/login');
  });

  it('tells an unverified account what to do and links to /verify-email', async () => {
    stubFetch({
      'POST /auth/login': { status: 403, body: { detail: 'Verify your e-mail address before logging in' } },
    });
    renderApp('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'new@fleetlab.test');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Verify your e-mail address before logging in');
    await userEvent.click(screen.getByRole('link', { name: 'Verify your e-mail' }));
    expect(currentLocation()).toBe('/verify-email');
    expect(screen.getByText('new@fleetlab.test')).toBeInTheDocument();
  });

  it("falls back to 'Failed to login' and to 'Failed to fetch user'", async () => {
    stubFetch({ 'POST /auth/login': { status: 500, body: null } });
    renderApp('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@fleetlab.test');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to login');

    stubFetch({ 'POST /auth/login': { body: { access_token: 't' } }, 'GET /auth/me': { status: 500, body: null } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch user'));
    expect(readToken()).toBeNull();
  });

  it('links to /register', async () => {
    stubFetch({});
    renderApp('/login');
    await userEvent.click(screen.getByRole('link', { name: 'Create one' }));
    expect(currentLocation()).toBe('/register');
  });
});
