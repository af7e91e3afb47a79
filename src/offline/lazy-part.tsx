/**
 * A lazily loaded part of a screen (a card, a chart, a form, a panel). Its chunk can fail to download
 * (offline before the service worker has saved the app, or a dropped connection); the failure then
 * stays inside the part instead of replacing the whole app with the error screen. An optional part
 * (the install and update cards) shows nothing; any other says so and offers Try again. React.lazy
 * keeps a failed load forever, so a retry, or the part's next mount, starts a fresh one.
 */
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PartOptions {
  /** Shown while the chunk loads; without it, the caller's own Suspense boundary holds the place. */
  fallback?: ReactNode;
  /** A part the screen works without: a failure renders nothing, and the next mount tries again. */
  optional?: boolean;
}

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, options: PartOptions = {}): ComponentType<P> {
  const make = () => lazy(() => load().then((part) => ({ default: part })));
  let Part = make();
  function LazyPart(props: P) {
    const [attempt, setAttempt] = useState(0);
    const Current = Part;
    return (
      <PartBoundary
        key={attempt}
        optional={options.optional === true}
        onFailed={() => {
          if (Part === Current) Part = make();
        }}
        onRetry={() => setAttempt((n) => n + 1)}
      >
        {'fallback' in options ? (
          <Suspense fallback={options.fallback}>
            <Current {...props} />
          </Suspense>
        ) : (
          <Current {...props} />
        )}
      </PartBoundary>
    );
  }
  return LazyPart;
}

interface BoundaryProps {
  optional: boolean;
  onFailed: () => void;
  onRetry: () => void;
  children: ReactNode;
}

class PartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
    this.props.onFailed();
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return this.props.optional ? null : <PartFailed onRetry={this.props.onRetry} />;
  }
}

function PartFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['offline', 'common']);
  return (
    <div className="part-failed" role="alert">
      <p>{t('offline:partFailed')}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {t('common:retry')}
      </button>
    </div>
  );
}
