// Start screen (SPEC §2): country of residence (required), Sign up, and a 'log in' link.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { countriesQuery } from '../../lib/countries';
import { msg, useMsg, type Msg } from '../../lib/msg';
import { useGo } from '../../lib/navigation';
import { AppLink } from '../../ui/app-link';
import { Button } from '../../ui/button';
import { CountrySelect } from '../../ui/country-select';
import { FormError } from '../../ui/field';
import { SCREEN_TITLE_ID } from '../../ui/screen-header';
import { getCountryId, saveCountryId } from './country-state';
import { getInviteCode } from './invite';
import { validateStart } from './validation';

export function StartScreen() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const go = useGo();
  const countries = useQuery(countriesQuery());
  const [countryId, setCountryId] = useState(getCountryId());
  const [error, setError] = useState<Msg | null>(null);
  const show = useMsg();
  const invite = getInviteCode();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateStart(countryId);
    if (problem) {
      setError(msg(problem));
      return;
    }
    saveCountryId(countryId);
    go('/sign-up');
  };

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
        <CountrySelect
          label={t('start.countryLabel')}
          placeholder={t('start.countryPlaceholder')}
          countries={countries.data ?? []}
          value={countryId}
          onChange={(v) => {
            setCountryId(v);
            setError(null);
          }}
          error={show(error)}
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
