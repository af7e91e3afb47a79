// Start screen: country of residence (required), Sign up, and a 'log in' link.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { countriesQuery } from '../../lib/countries';
import { errorOf, useSchemaForm } from '../../lib/form';
import { useMsg } from '../../lib/msg';
import { useGo } from '../../lib/navigation';
import { AppLink } from '../../ui/app-link';
import { Button } from '../../ui/button';
import { CountryField } from '../../ui/country-select';
import { FormError } from '../../ui/field';
import { SCREEN_TITLE_ID } from '../../ui/screen-header';
import { getCountryId, saveCountryId } from './country-state';
import { getInviteCode } from './invite';
import { startSchema } from './validation';

export function StartScreen() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const go = useGo();
  const countries = useQuery(countriesQuery());
  const form = useSchemaForm(startSchema, { country_id: getCountryId() });
  const show = useMsg();
  const invite = getInviteCode();

  const submit = form.handleSubmit(({ country_id }) => {
    saveCountryId(country_id);
    go('/sign-up');
  });

  return (
    <div className="start-screen">
      <div className="start-hero">
        <h1 id={SCREEN_TITLE_ID} className="screen-title">
          {t('start.title')}
        </h1>
        <p className="lead">{tc('tagline')}</p>
        <p className="muted">{t('start.intro')}</p>
        {invite ? <p className="form-success">{t('start.inviteNote', { code: invite })}</p> : null}
      </div>
      <form className="form" onSubmit={submit} noValidate>
        <CountryField
          control={form.control}
          field="country_id"
          label={t('start.countryLabel')}
          placeholder={t('start.countryPlaceholder')}
          countries={countries.data ?? []}
          onEdit={() => form.clearErrors('root')}
          error={show(errorOf(form.formState.errors.root))}
        />
        {countries.isError ? <FormError>{t('countriesFailed')}</FormError> : null}
        <div className="form-actions">
          <Button type="submit" block>
            {t('start.signUp')}
          </Button>
          <p className="text-center">
            {t('start.haveAccount')} <AppLink to="/sign-in">{t('start.logIn')}</AppLink>
          </p>
        </div>
      </form>
    </div>
  );
}
