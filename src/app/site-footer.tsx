// The page footer under the shop: the accessibility statement, terms, privacy statement and FAQ, for visitors too.
import { useTranslation } from 'react-i18next';
import { AppLink } from '../ui/app-link';

export function SiteFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="site-footer">
      <nav aria-label={t('nav.site')}>
        <ul>
          <li><AppLink to="/accessibility">{t('nav.accessibility')}</AppLink></li>
          <li><AppLink to="/terms">{t('nav.terms')}</AppLink></li>
          <li><AppLink to="/privacy">{t('nav.privacy')}</AppLink></li>
          <li><AppLink to="/faq">{t('nav.faq')}</AppLink></li>
        </ul>
      </nav>
    </footer>
  );
}
