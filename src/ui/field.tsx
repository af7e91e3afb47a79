// Form fields with visible labels and errors tied to the input (aria-invalid, aria-describedby).
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';

interface BaseProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
}

/** The ids a field's aria-describedby names: its error and its hint, when shown. */
function describedBy(fieldId: string, error?: string | null, hint?: ReactNode): string | undefined {
  return [error ? `${fieldId}-err` : '', hint ? `${fieldId}-hint` : ''].filter(Boolean).join(' ') || undefined;
}

/** The hint and error lines under a field, with the ids describedBy names. */
function FieldNotes({ fieldId, hint, error }: { fieldId: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint ? (
        <div id={`${fieldId}-hint`} className="field-hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${fieldId}-err`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TextField({ label, error, hint, id, className, ...rest }: BaseProps & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className={['field', className ?? ''].join(' ')}>
      <label htmlFor={fieldId}>{label}</label>
      <input id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, error, hint)} {...rest} />
      <FieldNotes fieldId={fieldId} hint={hint} error={error} />
    </div>
  );
}

export function PasswordField({ label, error, hint, id, ...rest }: BaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { t } = useTranslation('common');
  const auto = useId();
  const fieldId = id ?? auto;
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={fieldId}>{label}</label>
      <div className="password-wrap">
        <input
          id={fieldId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, error, hint)}
          {...rest}
        />
        <button
          type="button"
          className="icon-btn password-toggle"
          aria-pressed={visible}
          aria-label={visible ? t('hidePassword') : t('showPassword')}
          title={visible ? t('hidePassword') : t('showPassword')}
          aria-controls={fieldId}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      <FieldNotes fieldId={fieldId} hint={hint} error={error} />
    </div>
  );
}

export function SelectField({ label, error, id, children, ...rest }: BaseProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className="field">
      <label htmlFor={fieldId}>{label}</label>
      <select id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, error)} {...rest}>
        {children}
      </select>
      <FieldNotes fieldId={fieldId} error={error} />
    </div>
  );
}

/** A form-level error message (role=alert so it is announced when it appears). */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p className="form-error" role="alert">
      {children}
    </p>
  );
}
