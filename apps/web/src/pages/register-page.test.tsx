import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { currentLocation, renderApp } from '../test/render-app.tsx';

async function fillRegistration(values: { username?: string; email?: string; password?: string; confirm?: string }) {
  if (values.username) await userEvent.type(screen.getByLabelText('Username'), values.username);
  if (values.email) await userEvent.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await userEvent.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await userEvent.type(screen.getByLabelText('Confirm Password'), values.confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('/register', () => {
  it('requires Username, Email and Password', async () => {
    const network = stubFetch({});
    renderApp('/register');
    await fillRegistration({});
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
  });

  it('needs a password of at least 8 characters', async () => {
    stubFetch({});
    renderApp('/register');
    await fillRegistration({ username: 'ada', email: 'ada@fleetlab.test', password: 'seven77', confirm: 'seven77' });
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('needs matching passwords', async () => {
    stubFetch({});
    renderApp('/register');
    await fillRegistration({ username: 'ada', email: 'ada@fleetlab.test', password: 'eight888', confirm: 'eight889' });
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('registers and goes to /verify-email showing the e-mail', async () => {
    const network = stubFetch({ 'POST /auth/register': { status: 201, body: { id: 1 } } });
    renderApp('/register');
    await fillRegistration({ username: 'ada', email: 'ada@fleetlab.test', password: 'eight888', confirm: 'eight888' });
    await waitFor(() => expect(currentLocation()).toBe('/verify-email'));
    expect(network.callsTo('POST', '/auth/register')[0].body).toEqual({
      email: 'ada@fleetlab.test',
      username: 'ada',
      password: 'eight888',
    });
    expect(screen.getByText('ada@fleetlab.test')).toBeInTheDocument();
  });

  it("shows the server's detail, else 'Failed to register'", async () => {
    stubFetch({ 'POST /auth/register': { status: 400, body: { detail: 'That e-mail is already registered' } } });
    renderApp('/register');
    await fillRegistration({ username: 'ada', email: 'ada@fleetlab.test', password: 'eight888', confirm: 'eight888' });
    expect(await screen.findByRole('alert')).toHaveTextContent('That e-mail is already registered');

    stubFetch({ 'POST /auth/register': { status: 500, body: null } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to register'));
  });
});
