import type { ReactNode } from 'react';
import { Logo } from '../ui/logo.tsx';

/** The frame of the public account screens: logo, a card, a short footer. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-950 bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.18),transparent_60%)] px-4 py-12">
      <div className="mb-8">
        <Logo />
      </div>
      <main className="w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900/80 p-8 shadow-xl shadow-black/30">
        <h1 className="text-2xl font-bold tracking-tight text-white">{title}</h1>
        {subtitle && <div className="mt-2 text-sm text-slate-400">{subtitle}</div>}
        <div className="mt-6">{children}</div>
      </main>
      {footer && <div className="mt-6 text-sm text-slate-400">{footer}</div>}
    </div>
  );
}
