// Sign In (SPEC §5): email and password required, email format; a failed grant shows the server's reason.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/http';
import { msg, rawMsg, useMsg, type Msg } from '../../lib/msg';
import { useGo } from '../../lib/navigation';
import { takeReturnTo } from '../../lib/return-to';
import { useSessionState } from '../../lib/session';
import { AppLink } from '../../ui/app-link';
import { Button } from '../../ui/button';
import { FormError, PasswordField, TextField } from '../../ui/field';
import { ScreenHeader } from '../../ui/screen-header';
import { signIn } from './api';
import { validateSignIn } from './validation';

export function SignInScreen() {
  const { t } = useTranslation('auth');
  const go = useGo();
  const session = useSessionState();
  const [email, setEmailValue] = useState(session.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<Msg | null>(null);
  const show = useMsg();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateSignIn({ email, password });
    if (problem) {
      setError(msg(problem));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await signIn(email, password);
      go(takeReturnTo() ?? '/menu', { replace: true });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiRequestError) {
        if (err.kind === 'network_error') setError(msg('errors.offline'));
        else if (err.status === 429 || err.body?.error === 'too_many_requests') setError(msg('signIn.tooManyAttempts', 'auth'));
        else if (err.body?.error === 'invalid_grant') setError(msg('signIn.invalidCredentials', 'auth'));
        else setError(err.body?.error_description ? rawMsg(err.body.error_description) : msg('errors.generic'));
      } else setError(msg('errors.generic'));
    }
  };

  return (
    <div>
      <ScreenHeader title={t('signIn.title')} onBack={() => go('/start')} />
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={t('signIn.email')} type="email" name="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmailValue(e.target.value)} />
        <PasswordField label={t('signIn.password')} name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <FormError>{show(error)}</FormError>
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
