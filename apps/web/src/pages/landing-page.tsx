import { Link } from 'react-router';
import { useAuth } from '../auth/auth-context.tsx';
import { DemoVideo } from '../components/landing/demo-video.tsx';
import { Logo } from '../components/ui/logo.tsx';
import { buttonPrimary, buttonSecondary, focusRing } from '../components/ui/styles.ts';
import { ALGORITHMS } from '@fleetlab/warehouse';
import { countInWords, SELECTABLE_ALGORITHMS } from '../lib/solve-form.ts';

const FEATURES = [
  {
    title: 'Robot Quantity Simulation',
    body: 'Find the fleet size that actually pays off. Run the same orders with more or fewer robots per station and see where extra robots stop shortening the shift.',
    icon: 'M4 7h16v10H4zM8 17v3M16 17v3M9 11h.01M15 11h.01',
  },
  {
    title: 'LLM-Powered Task Generation',
    body: 'Describe a busy Monday and get realistic pickup-and-delivery orders that only use the shelves and drop-offs of your layout.',
    icon: 'M12 3l2.5 5.5L20 11l-5.5 2.5L12 19l-2.5-5.5L4 11l5.5-2.5z',
  },
  {
    title: 'Algorithm Performance Testing',
    body: 'Benchmark greedy, clustering, auction, genetic and makespan optimisers on identical inputs, with a proven lower bound to show how close each plan gets.',
    icon: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  },
  {
    title: 'Interactive Environment Builder',
    body: 'Draw shelves, drop-off points and charging stations on a grid. Pickup points and the navigation graph are generated for you as you draw.',
    icon: 'M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 17.5h7M17.5 14v7',
  },
  {
    title: 'Scenario Simulation',
    body: 'Vary robot speeds, battery capacities and fleet configurations per scenario, then replay every route in the path simulation player.',
    icon: 'M5 3l14 9-14 9z',
  },
  {
    title: 'Battery-Aware Optimisation',
    body: 'Plans never strand a robot: recharge trips are scheduled before the battery runs low, and every step shows the charge left.',
    icon: 'M3 8h15v8H3zM21 11v2M7 11l2 2 3-3',
  },
] as const;

/** Every algorithm Fleetlab runs, and how many of them the solve form itself offers. */
const ALGORITHM_LABELS = ALGORITHMS.map((algorithm) => algorithm.label);
const ALGORITHMS_HEADING = `${countInWords(ALGORITHMS.length).replace(/^./, (first) => first.toUpperCase())} routing and task allocation algorithms`;
const ALGORITHMS_NOTE = `The solve form offers ${countInWords(SELECTABLE_ALGORITHMS.length)} of them; experiments compare all ${countInWords(ALGORITHMS.length)}.`;

const STEPS = [
  {
    title: 'Build Your Environment',
    body: 'Lay out shelves, drop-offs and robot stations on the grid editor: a digital twin of your floor.',
  },
  {
    title: 'Set Up Scenarios & Robots',
    body: 'Attach order volumes and robot fleets to a layout and generate tasks with AI in seconds.',
  },
  {
    title: 'Test Algorithms',
    body: 'Run solves with different routing and allocation algorithms, speeds and battery limits.',
  },
  {
    title: 'Analyze & Optimize',
    body: 'Compare makespan, distance and battery use, replay the routes, and pick the fleet that fits.',
  },
] as const;

function FeatureIcon({ path }: { path: string }) {
  return (
    <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-indigo-500/15 text-indigo-300 ring-1 ring-inset ring-indigo-500/30">
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <path d={path} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

const anchorClass = `rounded px-1 text-sm font-medium text-slate-300 transition hover:text-white ${focusRing}`;

export default function LandingPage() {
  const { isAuthenticated } = useAuth();

  return (
    <div className="min-h-screen bg-slate-950 text-slate-100">
      <header className="sticky top-0 z-20 border-b border-slate-800/80 bg-slate-950/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-6">
          <Logo />
          <nav aria-label="Sections" className="hidden items-center gap-6 md:flex">
            <a href="#features" className={anchorClass}>
              Features
            </a>
            <a href="#how-it-works" className={anchorClass}>
              How It Works
            </a>
            <a href="#demo" className={anchorClass}>
              Demo
            </a>
          </nav>
          <div className="flex items-center gap-2">
            {isAuthenticated ? (
              <Link to="/dashboard" className={buttonPrimary}>
                Go to Dashboard
              </Link>
            ) : (
              <>
                <Link to="/login" className={`${buttonSecondary} border-transparent bg-transparent`}>
                  Sign In
                </Link>
                <Link to="/register" className={buttonPrimary}>
                  Get Started
                </Link>
              </>
            )}
          </div>
        </div>
      </header>

      <main>
        <section className="relative overflow-hidden bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.25),transparent_60%)]">
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-6 py-20 lg:grid-cols-[1.1fr_1fr] lg:py-28">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full border border-indigo-500/30 bg-indigo-500/10 px-3 py-1 text-xs font-semibold text-indigo-200">
                Digital twin for warehouse robot fleets
              </p>
              <h1 className="mt-6 text-4xl font-black leading-tight tracking-tight text-white sm:text-5xl lg:text-6xl">
                Test Warehouse Robotics Before Deployment
              </h1>
              <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-300">
                Draw your warehouse, generate realistic orders with AI and let a choice of optimisation algorithms plan
                the routes. Know how many robots you need, how fast they must drive and when they must charge, before a
                single robot is bought.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <Link to="/register" className={`${buttonPrimary} px-6 py-3 text-base`}>
                  Start Simulating Now
                </Link>
                <a href="#how-it-works" className={`${buttonSecondary} px-6 py-3 text-base`}>
                  See how it works
                </a>
              </div>
              <dl className="mt-10 grid max-w-lg grid-cols-3 gap-6 text-sm">
                <div>
                  <dt className="text-slate-400">Algorithms</dt>
                  <dd className="mt-1 text-2xl font-bold text-white">{ALGORITHMS.length}</dd>
                </div>
                <div>
                  <dt className="text-slate-400">Grid up to</dt>
                  <dd className="mt-1 text-2xl font-bold text-white">50×50</dd>
                </div>
                <div>
                  <dt className="text-slate-400">Robots per station</dt>
                  <dd className="mt-1 text-2xl font-bold text-white">1–10</dd>
                </div>
              </dl>
            </div>
            <HeroGrid />
          </div>
        </section>

        <section
          id="features"
          aria-labelledby="features-heading"
          className="scroll-mt-20 border-t border-slate-800/80 py-20"
        >
          <div className="mx-auto max-w-6xl px-6">
            <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-white">
              Everything you need to size and tune a robot fleet
            </h2>
            <p className="mt-3 max-w-2xl text-slate-400">
              From the first shelf to the final fleet decision, Fleetlab keeps layout, orders, algorithms and results in
              one place.
            </p>
            <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map((feature) => (
                <li
                  key={feature.title}
                  className="rounded-xl border border-slate-800 bg-slate-900/60 p-6 transition hover:border-indigo-500/40"
                >
                  <FeatureIcon path={feature.icon} />
                  <h3 className="mt-4 text-lg font-semibold text-white">{feature.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-400">{feature.body}</p>
                </li>
              ))}
            </ul>
            <div className="mt-10 rounded-xl border border-slate-800 bg-slate-900/40 p-6">
              <h3 className="text-sm font-semibold uppercase tracking-wider text-slate-400">{ALGORITHMS_HEADING}</h3>
              <ul className="mt-4 flex flex-wrap gap-2">
                {ALGORITHM_LABELS.map((name) => (
                  <li
                    key={name}
                    className="rounded-full border border-slate-700 bg-slate-800/70 px-3 py-1 text-sm text-slate-200"
                  >
                    {name}
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-xs text-slate-500">{ALGORITHMS_NOTE}</p>
            </div>
          </div>
        </section>

        <section
          id="how-it-works"
          aria-labelledby="how-heading"
          className="scroll-mt-20 border-t border-slate-800/80 bg-slate-900/30 py-20"
        >
          <div className="mx-auto max-w-6xl px-6">
            <h2 id="how-heading" className="text-3xl font-bold tracking-tight text-white">
              How It Works
            </h2>
            <p className="mt-3 max-w-2xl text-slate-400">
              Four steps from an empty floor plan to a fleet you can defend.
            </p>
            <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
              {STEPS.map((step, index) => (
                <li key={step.title} className="relative rounded-xl border border-slate-800 bg-slate-950/60 p-6">
                  <span className="flex h-9 w-9 items-center justify-center rounded-full bg-indigo-500 text-sm font-bold text-white">
                    {index + 1}
                  </span>
                  <h3 className="mt-4 font-semibold text-white">{step.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-400">{step.body}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section id="demo" aria-labelledby="demo-heading" className="scroll-mt-20 border-t border-slate-800/80 py-20">
          <div className="mx-auto max-w-5xl px-6 text-center">
            <h2 id="demo-heading" className="text-3xl font-bold tracking-tight text-white">
              See a fleet at work
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-slate-400">
              A solve replayed in the path simulation player: robots accelerate, brake at pickups, deliver and head back
              to charge.
            </p>
            <div className="mt-10">
              <DemoVideo />
            </div>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="border-t border-slate-800/80 py-20">
          <div className="mx-auto max-w-4xl rounded-2xl border border-indigo-500/30 bg-gradient-to-br from-indigo-600/30 via-slate-900 to-slate-900 px-8 py-14 text-center">
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white">
              Make the fleet decision with data
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-slate-300">
              Build your first warehouse in minutes. Free to try, no robots required.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to="/register" className={`${buttonPrimary} px-6 py-3 text-base`}>
                Try Full Version
              </Link>
              <Link to="/register" className={`${buttonSecondary} px-6 py-3 text-base`}>
                Get Started
              </Link>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-800/80 py-8">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 text-sm text-slate-500">
          <span>© 2025 Fleetlab. All rights reserved.</span>
          <span>Warehouse robotics simulation and fleet optimisation.</span>
        </div>
      </footer>
    </div>
  );
}

/** A small static layout sketch: shelves, drop-offs, stations and a route, drawn in SVG. */
function HeroGrid() {
  const shelves = [
    [2, 2],
    [2, 5],
    [2, 8],
    [7, 2],
    [7, 5],
    [7, 8],
  ];
  return (
    <div
      className="relative rounded-2xl border border-slate-800 bg-slate-900/70 p-4 shadow-2xl shadow-indigo-950/40"
      aria-hidden="true"
    >
      <svg viewBox="0 0 14 12" className="w-full">
        <defs>
          <pattern id="landing-grid" width="1" height="1" patternUnits="userSpaceOnUse">
            <path d="M1 0H0V1" fill="none" stroke="#1e293b" strokeWidth="0.04" />
          </pattern>
        </defs>
        <rect width="14" height="12" fill="url(#landing-grid)" />
        {shelves.map(([x, y]) => (
          <rect key={`${x}-${y}`} x={x} y={y} width="4" height="1.4" rx="0.1" fill="#475569" />
        ))}
        <rect x="12" y="2" width="1" height="1" rx="0.15" fill="#10b981" />
        <rect x="12" y="8" width="1" height="1" rx="0.15" fill="#10b981" />
        <circle cx="0.9" cy="10.9" r="0.45" fill="#6366f1" />
        <path
          d="M0.9 10.9 H6.5 V4.2 H11.3 V2.5 H12"
          fill="none"
          stroke="#a5b4fc"
          strokeWidth="0.12"
          strokeDasharray="0.3 0.2"
        />
        <path d="M0.9 10.9 H11.5 V8.5 H12" fill="none" stroke="#f59e0b" strokeWidth="0.12" strokeDasharray="0.3 0.2" />
        <circle cx="6.5" cy="6.6" r="0.3" fill="#a5b4fc" />
        <circle cx="11.5" cy="10.1" r="0.3" fill="#f59e0b" />
      </svg>
      <div className="mt-3 flex flex-wrap gap-4 px-1 text-xs text-slate-400">
        <span className="flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-sm bg-slate-500" />
          Shelves
        </span>
        <span className="flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-sm bg-emerald-500" />
          Drop-offs
        </span>
        <span className="flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-full bg-indigo-500" />
          Robot station
        </span>
        <span className="flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-full bg-amber-500" />
          Planned routes
        </span>
      </div>
    </div>
  );
}
