// Sign Up: all fields, password toggles, country with placeholder 'Select a country', server
// violations on their fields, and a taken email revealing 'Forgot Password'.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { countriesQuery } from '../../lib/countries';
import { errorOf, setFieldMsgs, setFormMsg, useSchemaForm } from '../../lib/form';
import { msg, useMsg } from '../../lib/msg';
import { useGo } from '../../lib/navigation';
import { hashHref } from '../../lib/navigation';
import { useLang } from '../../lib/i18n';
import { setEmail, setScreen, useSession } from '../../lib/session';
import { AppLink } from '../../ui/app-link';
import { Button } from '../../ui/button';
import { CountryField } from '../../ui/country-select';
import { FormError, PasswordField, TextField } from '../../ui/field';
import { ScreenHeader } from '../../ui/screen-header';
import { signIn, signUp } from './api';
import { PasswordLengthRule, PasswordMatchRule } from './password-rules';
import { getCountryId, saveCountryId } from './country-state';
import { clearInviteCode, getInviteCode } from './invite';
import { mapSignUpError, signUpSchema, type SignUpValues } from './validation';
import { useBackTo } from '../../lib/screen-trail';

export function SignUpScreen() {
  const { t } = useTranslation('auth');
  const go = useGo();
  const backTo = useBackTo();
  const { isSignedIn } = useSession();
  const countries = useQuery(countriesQuery());
  const invite = getInviteCode();
  const schema = useMemo(() => signUpSchema(countries.data ?? []), [countries.data]);
  const form = useSchemaForm(schema, {
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    password_confirmation: '',
    country_id: getCountryId(),
    terms: false,
  });
  const show = useMsg();
  const lang = useLang();
  const password = form.watch('password');
  const confirmation = form.watch('password_confirmation');
  const [emailExists, setEmailExists] = useState(false);
  // This screen created the account and is on its way to Finish Sign Up: the form stays (busy) until
  // that screen has loaded, rather than the "already created" view flashing a Continue that goes nowhere.
  const [created, setCreated] = useState(false);
  const errors = form.formState.errors;
  /** A field registered so that editing it clears the server's violation shown on it. */
  const field = (name: keyof SignUpValues) => ({ ...form.register(name, { onChange: () => form.clearErrors(name) }), error: show(errorOf(errors[name])) });

  if (isSignedIn && !created) {
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

  const submit = async (e: FormEvent) => {
    setEmailExists(false);
    await form.handleSubmit(async (values) => {
      const country = countries.data?.find((c) => String(c.id) === values.country_id);
      const { terms: _accepted, ...fields } = values;
      try {
        await signUp({
          ...fields,
          country_id: Number(values.country_id),
          currency: country?.currency ?? 'EUR',
          referrer_code: invite,
        });
      } catch (err) {
        const failure = mapSignUpError(err);
        if (failure.status === 'EMAIL_ALREADY_EXISTS') {
          setEmail(values.email);
          setEmailExists(true);
          setFormMsg(form, msg('auth:signUp.emailExists'));
        } else if (failure.status === 'VIOLATIONS') setFieldMsgs(form, failure.fields);
        else setFormMsg(form, failure.message);
        return;
      }
      saveCountryId(values.country_id);
      clearInviteCode();
      setCreated(true);
      try {
        setScreen('Finish Sign Up');
        await signIn(values.email, values.password);
        go('/finish-sign-up', { replace: true });
      } catch {
        setCreated(false);
        go('/sign-in');
      }
    })(e);
  };

  return (
    <div>
      <ScreenHeader title={t('signUp.title')} onBack={backTo('/start')} />
      {invite ? <p className="muted">{t('signUp.invitedBy', { code: invite })}</p> : null}
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={t('signUp.firstName')} autoComplete="given-name" {...field('first_name')} />
        <TextField label={t('signUp.lastName')} autoComplete="family-name" {...field('last_name')} />
        <TextField label={t('signUp.email')} type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <PasswordField label={t('signUp.password')} autoComplete="new-password" hint={<PasswordLengthRule password={password} />} {...field('password')} />
        <PasswordField
          label={t('signUp.passwordConfirmation')}
          autoComplete="new-password"
          hint={<PasswordMatchRule password={password} confirmation={confirmation} />}
          {...field('password_confirmation')}
        />
        <CountryField
          control={form.control}
          field="country_id"
          label={t('signUp.country')}
          placeholder={t('signUp.countryPlaceholder')}
          countries={countries.data ?? []}
          onEdit={() => form.clearErrors('country_id')}
          error={show(errorOf(errors.country_id))}
        />
        <div className="field field-check">
          <input id="sign-up-terms" type="checkbox" {...form.register('terms', { onChange: () => form.clearErrors('root') })} />
          <label htmlFor="sign-up-terms">{t('signUp.termsAccept')}</label>
          {/* A new tab: leaving this screen would lose what was typed. */}
          <a href={hashHref('/terms', lang)} target="_blank" rel="noopener noreferrer">
            {t('signUp.termsRead')}
          </a>
          <a href={hashHref('/privacy', lang)} target="_blank" rel="noopener noreferrer">
            {t('signUp.privacyRead')}
          </a>
        </div>
        <FormError>{show(errorOf(errors.root))}</FormError>
        {emailExists ? (
          <p className="text-center">
            <AppLink to="/forgot-password">{t('signUp.forgotPassword')}</AppLink>
          </p>
        ) : null}
        <div className="form-actions">
          <Button type="submit" block busy={form.formState.isSubmitting || created}>
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
