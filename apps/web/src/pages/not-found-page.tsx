import { useNavigate } from 'react-router';
import { Logo } from '../components/ui/logo.tsx';
import { buttonPrimary } from '../components/ui/styles.ts';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-950 px-4 text-center">
      <Logo />
      <p className="text-6xl font-black tracking-tight text-indigo-400">404</p>
      <h1 className="text-2xl font-bold text-white">Page not found</h1>
      <p className="max-w-md text-sm text-slate-400">
        This aisle is empty: the address does not lead to a Fleetlab screen.
      </p>
      <button type="button" className={buttonPrimary} onClick={() => navigate(-1)}>
        Go Back
      </button>
    </div>
  );
}
