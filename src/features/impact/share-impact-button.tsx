/**
 * "Share my impact": draws the year's figures (savings, projects supported, units funded) as a PNG in
 * the user's language and shares it (share-impact.ts). Part of the My Impact chunk; works offline on
 * the saved figures (sharing the file needs no network).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { formatUnits } from '../../lib/units';
import { projectQueries } from '../../lib/projects/queries';
import { showToast } from '../../ui/toast';
import { impactFigures } from './impact-figures';
import { canvasToPng, drawImpactPicture } from './impact-picture';
import { impactQueries } from './queries';
import { shareImpact } from './share-impact';
import { useContributions } from './use-contributions';

export function ShareImpactButton() {
  const { t } = useTranslation('impact');
  const { t: tc } = useTranslation('common');
  const lang = useLang();
  const [year] = useState(() => new Date().getFullYear());
  const savings = useQuery(impactQueries.savings(year));
  const projects = useQuery(projectQueries.list(lang));
  const { rows } = useContributions();
  const [busy, setBusy] = useState(false);

  const share = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const f = impactFigures({ year, lang, savings: savings.data, contributions: rows, projects: projects.data?.results });
      const money = formatMoney(f.savings, f.currency, lang);
      const num = (n: number) => formatUnits(n, lang);
      const canvas = drawImpactPicture({
        brand: 'SocialPay',
        title: t('share.pictureTitle', { year }),
        savings: money,
        savingsLabel: t('share.savingsLabel'),
        projects: t('share.projects', { count: f.projects }),
        // The count covers every project supported; these lines are only the most funded ones, and say so.
        unitsLabel: f.units.length ? t('share.unitsLabel') : '',
        units: f.units.map((u) => (u.unit ? t('share.units', { amount: num(u.count), unit: u.unit, project: u.project }) : t('share.unitsNoWord', { amount: num(u.count), project: u.project }))),
        tagline: tc('tagline'),
      });
      const blob = await canvasToPng(canvas);
      const file = new File([blob], t('share.fileName', { year }), { type: 'image/png' });
      const outcome = await shareImpact({
        file,
        title: t('share.title'),
        text: t('share.text', { year, savings: money, count: f.projects }),
        // The shop, in the sharer's language.
        url: `${location.origin}/${lang === 'nl' ? '#/nl/' : ''}`,
      });
      if (outcome === 'download') showToast(t('share.downloaded'), { tone: 'success', duration: 4000 });
    } catch {
      showToast(t('share.failed'), { tone: 'error', duration: 4000 });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="btn btn-secondary imp-share" disabled={savings.isPending} aria-busy={busy || undefined} onClick={() => void share()}>
      {t('share.button')}
    </button>
  );
}
