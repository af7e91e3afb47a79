// Sign Up (SPEC §2, §5, §8): all fields, password toggles, country with placeholder 'Select a country',
// server violations mapped to fields, and the EMAIL_ALREADY_EXISTS path revealing 'Forgot Password'.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { countriesQuery } from '../../lib/countries';
import { msg, rawMsg, useMsg, type Msg } from '../../lib/msg';
import { useGo } from '../../lib/navigation';
import { takeReturnTo } from '../../lib/return-to';
import { setEmail, setScreen, useSession } from '../../lib/session';
import { AppLink } from '../../ui/app-link';
import { Button } from '../../ui/button';
import { CountrySelect } from '../../ui/country-select';
import { FormError, PasswordField, TextField } from '../../ui/field';
import { ScreenHeader } from '../../ui/screen-header';
import { signIn, signUp } from './api';
import { getCountryId, saveCountryId } from './country-state';
import { clearInviteCode, getInviteCode } from './invite';
import { mapSignUpError, validateSignUp, type SignUpValues } from './validation';

type FieldErrors = Partial<Record<keyof SignUpValues, Msg>>;

export function SignUpScreen() {
  const { t } = useTranslation('auth');
  const go = useGo();
  const { isSignedIn } = useSession();
  const countries = useQuery(countriesQuery());
  const invite = getInviteCode();
  const [values, setValues] = useState<SignUpValues>({
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    password_confirmation: '',
    country_id: getCountryId(),
  });
  const [formError, setFormError] = useState<Msg | null>(null);
  const show = useMsg();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [emailExists, setEmailExists] = useState(false);
  const [busy, setBusy] = useState(false);

  if (isSignedIn) {
    // Reached with 'back' from Finish Sign Up: the account already exists.
    return (
      <div>
        <ScreenHeader title={t('signUp.title')} />
        <p className="form-success">{t('signUp.alreadyCreated')}</p>
        <Button block onClick={() => go('/finish-sign-up')}>
          {t('signUp.continue')}
        </Button>
      </div>
    );
  }

  const set = (key: keyof SignUpValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setFieldErrors((f) => ({ ...f, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setEmailExists(false);
    setFieldErrors({});
    const problem = validateSignUp(values, countries.data ?? []);
    if (problem) {
      setFormError(msg(problem));
      return;
    }
    setFormError(null);
    setBusy(true);
    const country = countries.data?.find((c) => String(c.id) === values.country_id);
    try {
      await signUp({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
        country_id: Number(values.country_id),
        currency: country?.currency ?? 'EUR',
        referrer_code: invite,
      });
    } catch (err) {
      setBusy(false);
      const failure = mapSignUpError(err);
      if (failure.status === 'EMAIL_ALREADY_EXISTS') {
        setEmail(values.email.trim());
        setEmailExists(true);
        setFormError(msg('signUp.emailExists', 'auth'));
      } else if (failure.status === 'VIOLATIONS') {
        const mapped: FieldErrors = {};
        for (const [k, v] of Object.entries(failure.fields)) mapped[k as keyof SignUpValues] = v.startsWith('validation.') ? msg(v) : rawMsg(v);
        setFieldErrors(mapped);
      } else setFormError(msg('signUp.failed', 'auth'));
      return;
    }
    saveCountryId(values.country_id);
    clearInviteCode();
    takeReturnTo(); // a new account starts at Finish Sign Up → Menu
    try {
      setScreen('Finish Sign Up');
      await signIn(values.email, values.password);
      go('/finish-sign-up', { replace: true });
    } catch {
      setBusy(false);
      go('/sign-in');
    }
  };

  return (
    <div>
      <ScreenHeader title={t('signUp.title')} onBack={() => go('/start')} />
      {invite ? <p className="muted">{t('signUp.invitedBy', { code: invite })}</p> : null}
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={t('signUp.firstName')} name="first_name" autoComplete="given-name" value={values.first_name} onChange={(e) => set('first_name')(e.target.value)} error={show(fieldErrors.first_name)} />
        <TextField label={t('signUp.lastName')} name="last_name" autoComplete="family-name" value={values.last_name} onChange={(e) => set('last_name')(e.target.value)} error={show(fieldErrors.last_name)} />
        <TextField label={t('signUp.email')} type="email" name="email" autoComplete="email" inputMode="email" value={values.email} onChange={(e) => set('email')(e.target.value)} error={show(fieldErrors.email)} />
        <PasswordField label={t('signUp.password')} name="password" autoComplete="new-password" value={values.password} onChange={(e) => set('password')(e.target.value)} error={show(fieldErrors.password)} />
        <PasswordField
          label={t('signUp.passwordConfirmation')}
          name="password_confirmation"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={(e) => set('password_confirmation')(e.target.value)}
          error={show(fieldErrors.password_confirmation)}
        />
        <CountrySelect
          label={t('signUp.country')}
          placeholder={t('signUp.countryPlaceholder')}
          countries={countries.data ?? []}
          value={values.country_id}
          onChange={set('country_id')}
          error={show(fieldErrors.country_id)}
        />
        <FormError>{show(formError)}</FormError>
        {emailExists ? (
          <p className="text-center">
            <AppLink to="/forgot-password">{t('signUp.forgotPassword')}</AppLink>
          </p>
        ) : null}
        <div className="form-actions">
          <Button type="submit" block busy={busy}>
            {t('signUp.submit')}
          </Button>
          <p className="text-center">
            {t('signUp.haveAccount')} <AppLink to="/sign-in">{t('signUp.logIn')}</AppLink>
          </p>
        </div>
      </form>
    </div>
  );
}
