// Forgot password: email + Reset Password; the close icon returns to Sign In.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorOf, setFormMsg, useSchemaForm } from '../../lib/form';
import { errorMsg, useMsg } from '../../lib/msg';
import { useGo } from '../../lib/navigation';
import { setEmail, useSessionState } from '../../lib/session';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/field';
import { ScreenHeader } from '../../ui/screen-header';
import { resetPassword } from './api';
import { forgotPasswordSchema } from './validation';
import { useBackTo } from '../../lib/screen-trail';

export function ForgotPasswordScreen() {
  const { t } = useTranslation('auth');
  const go = useGo();
  const backTo = useBackTo();
  const session = useSessionState();
  const form = useSchemaForm(forgotPasswordSchema, { email: session.email ?? '' });
  const show = useMsg();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await resetPassword(email);
      setEmail(email);
      setSentTo(email);
    } catch (err) {
      setFormMsg(form, errorMsg(err));
    }
  });

  return (
    <div>
      <ScreenHeader title={t('forgot.title')} onBack={backTo('/sign-in')} />
      <p className="muted">{t('forgot.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={t('forgot.email')} type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        <FormError>{show(errorOf(form.formState.errors.root))}</FormError>
        {sentTo ? (
          <p className="form-success" role="status">
            {t('forgot.sent', { email: sentTo })}
          </p>
        ) : null}
        <div className="form-actions">
          <Button type="submit" block busy={form.formState.isSubmitting}>
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
