import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { authApi } from '../api/endpoints.ts';
import { AuthShell } from '../components/layout/auth-shell.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { TextField } from '../components/ui/form-field.tsx';
import { buttonPrimary, linkText } from '../components/ui/styles.ts';
import { apiErrorText } from '../lib/auth-errors.ts';
import { hasErrors, validateRegister, type RegisterErrors, type RegisterInput } from '../lib/auth-validation.ts';

/** The form's fields in order; every one is required. */
const REGISTER_FIELDS: readonly {
  name: keyof RegisterInput;
  label: string;
  type?: 'email' | 'password';
  autoComplete: string;
  hint?: string;
}[] = [
  { name: 'username', label: 'Username', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters.',
  },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

export default function RegisterPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<RegisterInput>({ username: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const update = (field: keyof RegisterInput) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateRegister(form);
    setErrors(found);
    setSubmitError(null);
    if (hasErrors(found)) return;

    setSubmitting(true);
    const email = form.email.trim();
    try {
      await authApi.register({ email, username: form.username.trim(), password: form.password });
      void navigate('/verify-email', { state: { email } });
    } catch (error) {
      setSubmitError(apiErrorText(error, 'Failed to register'));
      setSubmitting(false);
    }
  }

  return (
    <AuthShell
      title="Create your Fleetlab account"
      subtitle="Design a warehouse, generate orders and benchmark your fleet in minutes."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={linkText}>
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-5">
        {submitError && <Alert tone="error">{submitError}</Alert>}
        {REGISTER_FIELDS.map(({ name, label, type, autoComplete, hint }) => (
          <TextField
            key={name}
            label={label}
            type={type}
            name={name}
            autoComplete={autoComplete}
            required
            hint={hint}
            value={form[name]}
            error={errors[name]}
            onChange={update(name)}
          />
        ))}
        <button type="submit" className={`${buttonPrimary} w-full`} disabled={submitting}>
          {submitting ? 'Creating account…' : 'Create Account'}
        </button>
      </form>
    </AuthShell>
  );
}
