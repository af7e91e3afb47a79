// Forgot password (SPEC §2, §5): email + Reset Password; the close icon returns to Sign In.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/http';
import { msg, useMsg, type Msg } from '../../lib/msg';
import { useGo } from '../../lib/navigation';
import { setEmail, useSessionState } from '../../lib/session';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/field';
import { ScreenHeader } from '../../ui/screen-header';
import { resetPassword } from './api';
import { validateForgotPassword } from './validation';

export function ForgotPasswordScreen() {
  const { t } = useTranslation('auth');
  const go = useGo();
  const session = useSessionState();
  const [email, setEmailValue] = useState(session.email ?? '');
  const [error, setError] = useState<Msg | null>(null);
  const show = useMsg();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateForgotPassword(email);
    if (problem) {
      setError(msg(problem));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await resetPassword(email);
      setEmail(email.trim());
      setSentTo(email.trim());
    } catch (err) {
      setError(msg(err instanceof ApiRequestError && err.kind === 'network_error' ? 'errors.offline' : 'errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <ScreenHeader title={t('forgot.title')} onClose={() => go('/sign-in')} />
      <p className="muted">{t('forgot.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={t('forgot.email')} type="email" name="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmailValue(e.target.value)} />
        <FormError>{show(error)}</FormError>
        {sentTo ? (
          <p className="form-success" role="status">
            {t('forgot.sent', { email: sentTo })}
          </p>
        ) : null}
        <div className="form-actions">
          <Button type="submit" block busy={busy}>
            {t('forgot.submit')}
          </Button>
          <Button variant="link" onClick={() => go('/sign-in')}>
            {t('forgot.backToSignIn')}
          </Button>
        </div>
      </form>
    </div>
  );
}
