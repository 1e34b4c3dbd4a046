// Shared class lists so every screen has the same controls and focus rings.
const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-950';

export const buttonPrimary = `inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-500 px-4 py-2 text-sm font-semibold text-white shadow-sm transition hover:bg-indigo-400 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const buttonSecondary = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-700 bg-slate-800 px-4 py-2 text-sm font-semibold text-slate-100 transition hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const buttonDanger = `inline-flex items-center justify-center gap-2 rounded-lg border border-red-500/50 bg-red-500/10 px-4 py-2 text-sm font-semibold text-red-200 transition hover:bg-red-500/20 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const linkText = `font-medium text-indigo-300 underline-offset-4 hover:text-indigo-200 hover:underline ${focusRing} rounded`;
export const inputClass = `block w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-500 shadow-sm transition focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-400/60 aria-[invalid=true]:border-red-500`;
export const card = 'rounded-xl border border-slate-800 bg-slate-900/70 shadow-sm';
export const filterButton = (active: boolean) =>
  `rounded-full border px-3 py-1 text-xs font-semibold transition ${focusRing} ${
    active
      ? 'border-indigo-400 bg-indigo-500 text-white'
      : 'border-slate-700 bg-slate-900 text-slate-300 hover:border-slate-500 hover:text-white'
  }`;
export { focusRing };
