import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../api/endpoints.ts';
import type { LoginLocationState } from '../auth/auth-context.tsx';
import { AuthShell } from '../components/layout/auth-shell.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { TextField } from '../components/ui/form-field.tsx';
import { buttonPrimary, linkText } from '../components/ui/styles.ts';
import { apiErrorText } from '../lib/auth-errors.ts';
import { useSecondsUntil } from '../lib/use-seconds-until.ts';
import { EMAIL_VERIFIED_MESSAGE, sanitizeVerificationCode, validateVerificationCode } from '../lib/auth-validation.ts';

/** The server sends at most one code per minute; registering has just sent one. */
const RESEND_COOLDOWN_S = 60;

export default function VerifyEmailPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // The register screen passes the address along; a bookmarked link may carry it as ?email=.
  const passedEmail = ((location.state as { email?: string } | null)?.email ?? searchParams.get('email') ?? '').trim();

  const [email, setEmail] = useState(passedEmail);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  // Arriving from the register screen means a code was sent a moment ago.
  const [resendAvailableAtMs, setResendAvailableAtMs] = useState<number | null>(() =>
    (location.state as { email?: string } | null)?.email ? Date.now() + RESEND_COOLDOWN_S * 1000 : null,
  );
  const resendInS = useSecondsUntil(resendAvailableAtMs);

  function checkEmail(): boolean {
    const missing = !email.trim();
    setEmailError(missing ? 'Email is required' : undefined);
    return !missing;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitError(null);
    setNotice(null);
    const codeProblem = validateVerificationCode(code);
    setCodeError(codeProblem);
    const emailOk = checkEmail();
    if (codeProblem || !emailOk) return;

    setSubmitting(true);
    try {
      await authApi.verifyEmail(email.trim(), code);
      const state: LoginLocationState = { message: EMAIL_VERIFIED_MESSAGE };
      void navigate('/login', { state });
    } catch (error) {
      setSubmitError(apiErrorText(error, 'Failed to verify email'));
      setSubmitting(false);
    }
  }

  async function handleResend() {
    setSubmitError(null);
    setNotice(null);
    if (!checkEmail()) return;
    setResending(true);
    try {
      const answer = await authApi.resendVerification(email.trim());
      setNotice(answer.code_sent ? 'A new code is on its way. It is valid for 10 minutes.' : answer.detail);
      setResendAvailableAtMs(Date.now() + answer.retry_after_s * 1000);
    } catch (error) {
      setSubmitError(apiErrorText(error, 'Failed to resend verification code'));
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthShell
      title="Verify your e-mail"
      subtitle={
        passedEmail ? (
          <>
            We sent a 6-digit code to <strong className="font-semibold text-slate-200">{passedEmail}</strong>.
          </>
        ) : (
          'Enter the e-mail you registered with and the 6-digit code we sent to it.'
        )
      }
      footer={
        <Link to="/login" className={linkText}>
          Back to sign in
        </Link>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-5">
        {submitError && <Alert tone="error">{submitError}</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
        {!passedEmail && (
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            error={emailError}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
        <TextField
          label="Verification Code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          placeholder="123456"
          className="text-center font-mono text-lg tracking-[0.5em]"
          value={code}
          error={codeError}
          onChange={(event) => setCode(sanitizeVerificationCode(event.target.value))}
        />
        <button type="submit" className={`${buttonPrimary} w-full`} disabled={submitting}>
          {submitting ? 'Verifying…' : 'Verify Email'}
        </button>
        <button
          type="button"
          onClick={handleResend}
          disabled={resending || resendInS > 0}
          className={`${linkText} mx-auto block text-sm disabled:cursor-not-allowed disabled:opacity-60`}
        >
          {resendInS > 0 ? `You can request a new code in ${resendInS} s` : "Didn't receive the code? Resend"}
        </button>
      </form>
    </AuthShell>
  );
}
