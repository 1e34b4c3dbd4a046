import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth, type LoginLocationState } from '../auth/auth-context.tsx';
import { AuthShell } from '../components/layout/auth-shell.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { TextField } from '../components/ui/form-field.tsx';
import { buttonPrimary, linkText } from '../components/ui/styles.ts';
import { isUnverifiedAccountError, loginErrorText } from '../lib/auth-errors.ts';
import { hasErrors, validateLogin, type LoginErrors } from '../lib/auth-validation.ts';

export default function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? null) as LoginLocationState | null;

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [needsVerification, setNeedsVerification] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateLogin(email, password);
    setErrors(found);
    setSubmitError(null);
    setNeedsVerification(false);
    if (hasErrors(found)) return;

    setSubmitting(true);
    try {
      await login(email.trim(), password);
      const from = state?.from;
      void navigate(from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/dashboard', { replace: true });
    } catch (error) {
      setSubmitError(loginErrorText(error));
      setNeedsVerification(isUnverifiedAccountError(error));
      setSubmitting(false);
    }
  }

  return (
    <AuthShell
      title="Sign in to Fleetlab"
      subtitle="Welcome back. Pick up where your fleet left off."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/register" className={linkText}>
            Create one
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-5">
        {state?.message && <Alert tone="success">{state.message}</Alert>}
        {submitError && (
          <Alert tone="error">
            {submitError}
            {needsVerification && (
              <>
                {' '}
                <Link to="/verify-email" state={{ email: email.trim() }} className={linkText}>
                  Verify your e-mail
                </Link>
              </>
            )}
          </Alert>
        )}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className={`${buttonPrimary} w-full`} disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign In'}
        </button>
      </form>
    </AuthShell>
  );
}
