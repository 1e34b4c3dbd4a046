import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { ADA } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

describe('landing page', () => {
  beforeEach(() => {
    // jsdom has no media playback; a browser that allows autoplay resolves play().
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });

  it('sells the product to visitors and sends every call to action to /register', () => {
    stubFetch({});
    renderApp('/');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Test Warehouse Robotics Before Deployment' }),
    ).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(sections).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    expect(within(sections).getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '#how-it-works');
    expect(within(sections).getByRole('link', { name: 'Demo' })).toHaveAttribute('href', '#demo');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    for (const name of ['Start Simulating Now', 'Try Full Version']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/register');
    }
    const getStarted = screen.getAllByRole('link', { name: 'Get Started' });
    expect(getStarted.map((link) => link.getAttribute('href'))).toEqual(['/register', '/register']);
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).not.toBeInTheDocument();
    const steps = within(screen.getByRole('region', { name: 'How It Works' })).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(screen.getByText(/© 2025/)).toBeInTheDocument();
  });

  it('counts the algorithms as the rest of the product does: all seven, six of them on the solve form', () => {
    stubFetch({});
    renderApp('/');
    const heading = screen.getByRole('heading', { name: 'Seven routing and task allocation algorithms' });
    const list = within(heading.parentElement as HTMLElement).getAllByRole('listitem');
    expect(list.map((item) => item.textContent)).toEqual([
      'Greedy nearest',
      'Hungarian',
      'K-Means Clustering',
      'Auction',
      'Genetic',
      'Makespan search',
      'Marginal Benefit',
    ]);
    expect(screen.getByText('The solve form offers six of them; experiments compare all seven.')).toBeInTheDocument();
  });

  it('plays the demo muted, looping, with controls', () => {
    stubFetch({});
    const { container } = renderApp('/');
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('src', '/demo/fleetlab-demo.webm');
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('playsinline');
    expect((video as HTMLVideoElement).muted).toBe(true);
    expect((video as HTMLVideoElement).autoplay).toBe(true);
  });

  it('shows nothing when the browser blocks autoplay', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(
      new DOMException('autoplay blocked', 'NotAllowedError'),
    );
    stubFetch({});
    const { container } = renderApp('/');
    await waitFor(() => expect(container.querySelector('video')).toBeNull());
    expect(screen.getByRole('heading', { name: 'See a fleet at work' })).toBeInTheDocument();
  });

  it('shows nothing in place of a video that fails to load', async () => {
    stubFetch({});
    const { container } = renderApp('/');
    fireEvent.error(container.querySelector('video') as HTMLVideoElement);
    await screen.findByRole('heading', { name: 'See a fleet at work' });
    expect(container.querySelector('video')).toBeNull();
  });

  it("offers 'Go to Dashboard' to a signed-in visitor", async () => {
    stubFetch({ 'GET /auth/me': { body: ADA } });
    renderApp('/', { signedIn: true });
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});
