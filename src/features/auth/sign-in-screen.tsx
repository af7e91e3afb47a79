// Sign In (SPEC §5): email and password required, email format; a failed grant shows the server's reason.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/http';
import { useGo } from '../../lib/navigation';
import { useSessionState } from '../../lib/session';
import { AppLink } from '../../ui/app-link';
import { Button } from '../../ui/button';
import { FormError, PasswordField, TextField } from '../../ui/field';
import { ScreenHeader } from '../../ui/screen-header';
import { signIn } from './api';
import { validateSignIn } from './validation';

export function SignInScreen() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const go = useGo();
  const session = useSessionState();
  const [email, setEmailValue] = useState(session.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateSignIn({ email, password });
    if (problem) {
      setError(tc(problem));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await signIn(email, password);
      go('/menu', { replace: true });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiRequestError) {
        if (err.kind === 'network_error') setError(tc('errors.offline'));
        else if (err.status === 429 || err.body?.error === 'too_many_requests') setError(t('signIn.tooManyAttempts'));
        else if (err.body?.error === 'invalid_grant') setError(t('signIn.invalidCredentials'));
        else setError(err.body?.error_description || tc('errors.generic'));
      } else setError(tc('errors.generic'));
    }
  };

  return (
    <div>
      <ScreenHeader title={t('signIn.title')} onBack={() => go('/start')} />
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={t('signIn.email')} type="email" name="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmailValue(e.target.value)} />
        <PasswordField label={t('signIn.password')} name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <FormError>{error}</FormError>
        <div className="form-actions">
          <Button type="submit" block busy={busy}>
            {t('signIn.submit')}
          </Button>
          <p className="text-center">
            <AppLink to="/forgot-password">{t('signIn.forgot')}</AppLink>
          </p>
          <p className="text-center">
            {t('signIn.noAccount')} <AppLink to="/start">{t('signIn.signUp')}</AppLink>
          </p>
        </div>
      </form>
    </div>
  );
}
