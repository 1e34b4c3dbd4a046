import { Link } from 'react-router';
import { focusRing } from './styles.ts';

export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#4f46e5" />
      <path
        d="M8 22V10h10M8 16h7"
        stroke="#fff"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="22.5" cy="21.5" r="3.5" fill="#a5b4fc" />
    </svg>
  );
}

/** The Fleetlab logo, a link to the landing page. */
export function Logo() {
  return (
    <Link to="/" className={`inline-flex items-center gap-2 rounded-lg ${focusRing}`} aria-label="Fleetlab home">
      <LogoMark />
      <span className="text-lg font-bold tracking-tight text-white">Fleetlab</span>
    </Link>
  );
}
