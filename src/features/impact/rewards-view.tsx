import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import { useGo, useSearchParam } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { formatMoney } from '../../lib/money';
import { IconButton } from '../../ui/button';
import { moveFocus } from '../../ui/focus';
import { BackIcon, NextIcon } from '../../ui/icons';
import { lazyPart } from '../../offline/lazy-part';
import { CenteredSpinner } from '../../ui/spinner';
import { impactQueries } from './queries';
import { monthLabels, monthlyValues } from './savings';

const SavingsChart = lazyPart(() => import('./savings-chart').then((m) => m.default));

export function RewardsView() {
  const { t } = useTranslation('impact');
  const lang = useLang();
  // Fixed for the screen's lifetime: the year buttons must not shift under the user at midnight on 31 Dec.
  const [thisYear] = useState(() => new Date().getFullYear());
  // The year shown is in the address (?year=2025), so a reload or Back keeps it.
  const go = useGo();
  const asked = Number(useSearchParam('year'));
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  // No year before the account's (a server that does not say when it was made: no limit).
  const { user } = useSession();
  const firstYear = user?.created_at ? new Date(user.created_at).getFullYear() : null;
  const year = Number.isInteger(asked) && asked < thisYear && asked >= (firstYear ?? 1900) ? asked : thisYear;
  const atFirst = firstYear !== null && year <= firstYear;
  // The button that goes off at the year reached gives focus to its neighbour, not to the page.
  const showYear = (to: number) => {
    const neighbour = to >= thisYear ? previous.current : firstYear !== null && to <= firstYear ? next.current : null;
    if (neighbour) moveFocus(neighbour);
    go('/my-impact', { search: to === thisYear ? {} : { year: String(to) }, replace: true });
  };
  const { data, isPending } = useQuery(impactQueries.savings(year));

  const currency = data?.currency || 'EUR';
  const money = (minor: number | undefined) => formatMoney(minor ?? 0, currency, lang);
  // A figure not loaded (yet, or offline before it was ever saved) is not € 0,00: a dash, said as such.
  const figure = (minor: number | undefined) =>
    minor === undefined ? (
      <>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{t('rewards.noFigure')}</span>
      </>
    ) : (
      money(minor)
    );
  const values = useMemo(() => monthlyValues(data), [data]);
  const shortLabels = useMemo(() => monthLabels(lang, 'short'), [lang]);
  const longLabels = useMemo(() => monthLabels(lang, 'long'), [lang]);

  return (
    <section className="imp-rewards" aria-labelledby="imp-rewards-heading">
      <h2 id="imp-rewards-heading" className="visually-hidden">{t('switch.rewards')}</h2>
      <div className="imp-stats">
        <div className="imp-stat">
          <span className="imp-stat-label">{t('rewards.currentMonth')}</span>
          <span className="imp-stat-value" data-testid="savings-current-month">{figure(data?.current_month)}</span>
        </div>
        <div className="imp-stat">
          {/* A past year's figure is the whole year's. */}
          <span className="imp-stat-label">{year < thisYear ? t('rewards.yearTotal', { year }) : t('rewards.yearToDate')}</span>
          <span className="imp-stat-value" data-testid="savings-year-to-date">{figure(data?.year_to_date)}</span>
        </div>
      </div>

      <div className="imp-year-nav">
        <IconButton
          ref={previous}
          className="imp-year-button"
          label={t('rewards.previousYear')}
          onClick={() => showYear(year - 1)}
          disabled={atFirst}
        >
          <BackIcon />
        </IconButton>
        <h3 className="imp-year" aria-live="polite" data-testid="savings-year">{year}</h3>
        <IconButton
          ref={next}
          className="imp-year-button"
          label={t('rewards.nextYear')}
          onClick={() => showYear(year + 1)}
          disabled={year >= thisYear}
        >
          <NextIcon />
        </IconButton>
      </div>

      <div className="imp-chart-box" aria-busy={isPending}>
        {isPending ? (
          <CenteredSpinner label={t('rewards.loading')} />
        ) : (
          <Suspense fallback={<div className="imp-chart-placeholder" />}>
            <SavingsChart
              values={values}
              labels={shortLabels}
              average={data?.monthly_average ?? 0}
              title={t('rewards.chartTitle', { year })}
              description={t('rewards.chartSummary', { year, average: money(data?.monthly_average) })}
            />
          </Suspense>
        )}
      </div>

      <p className="imp-average">
        <span className="imp-average-key" aria-hidden="true" />
        {t('rewards.monthlyAverage')}: <strong>{figure(data?.monthly_average)}</strong>
      </p>

      <button type="button" className="btn-link imp-table-toggle" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((s) => !s)}>
        {showTable ? t('rewards.hideTable') : t('rewards.showTable')}
      </button>
      <div id={tableId} className={showTable ? 'imp-table-wrap' : 'visually-hidden'}>
        <table className="imp-table" data-testid="savings-table">
          <caption>{t('rewards.tableCaption', { year })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('rewards.month')}</th>
              <th scope="col">{t('rewards.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {values.map((v, i) => (
              <tr key={longLabels[i]}>
                <th scope="row">{longLabels[i]}</th>
                <td>{money(v)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('rewards.monthlyAverage')}</th>
              <td>{money(data?.monthly_average)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <div className="imp-total">
        <span>{t('rewards.total')}</span>
        <strong data-testid="savings-total">{money(data?.total)}</strong>
      </div>
    </section>
  );
}
