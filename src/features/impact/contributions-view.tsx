import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { CenteredSpinner } from '../../ui/spinner';
import { AppLink } from '../../ui/app-link';
import { ProjectImage } from './project-image';
import { useContributions } from './use-contributions';

export function ContributionsView() {
  const { t } = useTranslation('impact');
  const lang = useLang();
  const { rows, currency, isPending } = useContributions();

  return (
    <section className="imp-contributions" aria-labelledby="imp-contrib-heading">
      <h2 id="imp-contrib-heading" className="visually-hidden">{t('contributions.heading')}</h2>
      {isPending ? (
        <CenteredSpinner label={t('contributions.loading')} />
      ) : rows.length === 0 ? (
        <p className="imp-empty">{t('contributions.empty')}</p>
      ) : (
        <ul className="imp-contrib-list" data-testid="contributions-list">
          {rows.map((row) => {
            const amount = formatMoney(row.amount, currency, lang);
            return (
              <li key={row.projectId} className="imp-contrib" data-project-id={row.projectId}>
                <AppLink to={`/project/${row.projectId}`} className="imp-contrib-link" aria-label={t('contributions.open', { name: row.name, amount })}>
                  <ProjectImage src={row.imageUrl} name={row.name} className="imp-contrib-image" />
                  <span className="imp-contrib-name" aria-hidden="true">{row.name}</span>
                  <span className="imp-badge" data-testid="contribution-amount" aria-hidden="true">{amount}</span>
                </AppLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
