// Sign In: email and password required, email format; a failed grant shows the server's reason.
import { useTranslation } from 'react-i18next';
import { errorOf, setFormMsg, useSchemaForm } from '../../lib/form';
import { errorMsg, msg, rawMsg, useMsg } from '../../lib/msg';
import { useGo } from '../../lib/navigation';
import { takeReturnTo } from '../../lib/return-to';
import { useSessionState } from '../../lib/session';
import { AppLink } from '../../ui/app-link';
import { Button } from '../../ui/button';
import { FormError, PasswordField, TextField } from '../../ui/field';
import { ScreenHeader } from '../../ui/screen-header';
import { signIn } from './api';
import { signInSchema } from './validation';
import { useBackTo } from '../../lib/screen-trail';

export function SignInScreen() {
  const { t } = useTranslation('auth');
  const go = useGo();
  const backTo = useBackTo();
  const session = useSessionState();
  const form = useSchemaForm(signInSchema, { email: session.email ?? '', password: '' });
  const show = useMsg();

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      await signIn(email, password);
      go(takeReturnTo() ?? '/menu', { replace: true });
    } catch (err) {
      setFormMsg(
        form,
        errorMsg(err, (e) => {
          if (e.status === 429 || e.body?.error === 'too_many_requests') {
            // Say how long, when the server says it: "a moment" read as a few seconds, and the wait is minutes.
            return e.retryAfter ? msg('auth:signIn.tooManyAttemptsFor', { count: Math.ceil(e.retryAfter / 60) }) : msg('auth:signIn.tooManyAttempts');
          }
          if (e.body?.error === 'invalid_grant') return msg('auth:signIn.invalidCredentials');
          return e.body?.error_description ? rawMsg(e.body.error_description) : null;
        }),
      );
    }
  });

  return (
    <div>
      <ScreenHeader title={t('signIn.title')} onBack={backTo('/start')} />
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={t('signIn.email')} type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        <PasswordField label={t('signIn.password')} autoComplete="current-password" {...form.register('password')} />
        <FormError>{show(errorOf(form.formState.errors.root))}</FormError>
        <div className="form-actions">
          <Button type="submit" block busy={form.formState.isSubmitting}>
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
