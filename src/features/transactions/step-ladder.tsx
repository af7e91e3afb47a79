// An ordered list of steps (a reward's path, a claim's review): reached steps marked, the current one
// carries aria-current="step" and says so to screen readers; a bad outcome (canceled, rejected) in red.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface LadderStep {
  key: string;
  label: string;
  reached: boolean;
  note?: ReactNode;
  /** A second line (why it was canceled), in red for a bad outcome. */
  extra?: ReactNode;
  bad?: boolean;
}

export function StepLadder({ label, steps, current, testId }: { label: string; steps: LadderStep[]; current: string; testId?: string }) {
  const { t } = useTranslation('transactions');
  return (
    <ol className="ladder" aria-label={label} data-testid={testId}>
      {steps.map((s) => (
        <li
          key={s.key}
          className={['ladder-step', s.reached ? 'is-reached' : '', s.bad ? 'is-bad' : ''].filter(Boolean).join(' ')}
          aria-current={s.key === current ? 'step' : undefined}
          data-step={s.key}
        >
          <span className="ladder-mark" aria-hidden="true">{s.bad ? '✕' : s.reached ? '✓' : ''}</span>
          <span className="ladder-text">
            <span className="ladder-label">
              {s.label}
              {s.key === current ? <span className="visually-hidden"> ({t('txDetail.current')})</span> : null}
            </span>
            {s.note ? <span className="ladder-note">{s.note}</span> : null}
            {s.extra ? <span className={s.bad ? 'ladder-note is-bad' : 'ladder-note'}>{s.extra}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
