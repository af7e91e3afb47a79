// The new-password rules, shown under the fields while the user types (not only after a refused
// submit): each rule says whether it is met yet. The length comes from the rule the server enforces.
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '@contract/rules';

function Rule({ met, children }: { met: boolean; children: string }) {
  const { t } = useTranslation('auth');
  return (
    <li className={met ? 'password-rule password-rule--met' : 'password-rule'} data-met={met}>
      <span aria-hidden="true">{met ? '✓' : '○'}</span> {children}
      <span className="visually-hidden"> ({met ? t('passwordRules.met') : t('passwordRules.notMet')})</span>
    </li>
  );
}

export function PasswordLengthRule({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  return (
    <ul className="password-rules">
      <Rule met={password.length >= PASSWORD_MIN}>{t('passwordRules.length', { min: PASSWORD_MIN })}</Rule>
    </ul>
  );
}

export function PasswordMatchRule({ password, confirmation }: { password: string; confirmation: string }) {
  const { t } = useTranslation('auth');
  return (
    <ul className="password-rules">
      <Rule met={confirmation !== '' && confirmation === password}>{t('passwordRules.match')}</Rule>
    </ul>
  );
}
