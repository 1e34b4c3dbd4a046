import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { currentLocation, renderApp } from '../test/render-app.tsx';

describe('/verify-email', () => {
  it('keeps digits only, at most six', async () => {
    stubFetch({});
    renderApp('/verify-email?email=ada%40fleetlab.test');
    const input = screen.getByLabelText('Verification Code');
    await userEvent.type(input, '12ab3-4 5678');
    expect(input).toHaveValue('123456');
  });

  it('requires the code and six digits', async () => {
    const network = stubFetch({});
    renderApp('/verify-email?email=ada%40fleetlab.test');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(screen.getByText('Verification code is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Verification Code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(screen.getByText('Verification code must be 6 digits')).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
  });

  it('verifies and goes to /login with the green message', async () => {
    const network = stubFetch({ 'POST /auth/verify-email': { body: { detail: 'ok' } } });
    renderApp('/verify-email?email=ada%40fleetlab.test');
    expect(screen.getByText('ada@fleetlab.test')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Verification Code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(network.callsTo('POST', '/auth/verify-email')[0].body).toEqual({
      email: 'ada@fleetlab.test',
      code: '654321',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Email verified successfully! Please log in with your account.',
    );
  });

  it("shows the server's detail or 'Failed to verify email'", async () => {
    stubFetch({ 'POST /auth/verify-email': { status: 400, body: { detail: 'The code is wrong or has expired' } } });
    renderApp('/verify-email?email=ada%40fleetlab.test');
    await userEvent.type(screen.getByLabelText('Verification Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong or has expired');

    stubFetch({ 'POST /auth/verify-email': { status: 500, body: null } });
    await userEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to verify email'));
  });

  it('resends the code, or says it failed', async () => {
    stubFetch({ 'POST /auth/resend-verification': { status: 500, body: null } });
    renderApp('/verify-email?email=ada%40fleetlab.test');
    await userEvent.click(screen.getByRole('button', { name: "Didn't receive the code? Resend" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to resend verification code');

    const sent = {
      detail: 'If the account exists and is not verified yet, a new code has been sent',
      code_sent: true,
      retry_after_s: 60,
    };
    const network = stubFetch({ 'POST /auth/resend-verification': { body: sent } });
    await userEvent.click(screen.getByRole('button', { name: "Didn't receive the code? Resend" }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new code is on its way.');
    expect(network.callsTo('POST', '/auth/resend-verification')[0].body).toEqual({ email: 'ada@fleetlab.test' });
    expect(screen.getByRole('button', { name: 'You can request a new code in 60 s' })).toBeDisabled();
  });

  it('inside the cooldown shows the server’s detail and counts down to the next allowed resend', async () => {
    const cooling = {
      detail: 'A code was sent less than a minute ago. You can request a new one in 42 seconds.',
      code_sent: false,
      retry_after_s: 42,
    };
    stubFetch({ 'POST /auth/resend-verification': { body: cooling } });
    // The countdown's clock and ticks are faked; the status appears through a DOM change, which findBy sees.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      renderApp('/verify-email?email=ada%40fleetlab.test');
      await userEvent.click(screen.getByRole('button', { name: "Didn't receive the code? Resend" }));
      expect(await screen.findByRole('status')).toHaveTextContent('You can request a new one in 42 seconds.');
      expect(screen.getByRole('button', { name: 'You can request a new code in 42 s' })).toBeDisabled();
      act(() => vi.advanceTimersByTime(2000));
      expect(screen.getByRole('button', { name: 'You can request a new code in 40 s' })).toBeDisabled();
      act(() => vi.advanceTimersByTime(40_000));
      expect(screen.getByRole('button', { name: "Didn't receive the code? Resend" })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts the countdown on arrival from the register screen, which has just sent a code', async () => {
    stubFetch({});
    renderApp({ pathname: '/verify-email', state: { email: 'ada@fleetlab.test' } });
    expect(screen.getByRole('button', { name: 'You can request a new code in 60 s' })).toBeDisabled();
  });

  it('asks for the e-mail when none was passed along', async () => {
    stubFetch({});
    renderApp('/verify-email');
    await userEvent.type(screen.getByLabelText('Verification Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });
});
