import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../offline/online';
import { OFFLINE_WAIT_MS, OfflineUnavailable } from './offline-unavailable';

/** Loading indicator. `label` is announced (defaults to "Loading"); pass '' inside a labelled button. */
export function Spinner({ label, size = 'medium' }: { label?: string; size?: 'small' | 'medium' | 'large' }) {
  const { t } = useTranslation('common');
  const text = label ?? t('loading');
  return (
    <span className={`spinner spinner-${size}`} role={text ? 'status' : undefined} aria-label={text || undefined} aria-hidden={text ? undefined : true}>
      <span className="spinner-ring" aria-hidden="true" />
    </span>
  );
}

// One wait across loading states that follow each other (the route's, then the screen's, then a part's):
// the next one continues the wait instead of starting it again.
let shownSince = 0;
let shown = 0;
let lastHidden = 0;
const FOLLOWS_MS = 250;

function startShowing(): number {
  const now = Date.now();
  if (shown++ === 0 && now - lastHidden > FOLLOWS_MS) shownSince = now;
  return shownSince;
}

function stopShowing(): void {
  if (--shown === 0) lastHidden = Date.now();
}

// Offline, one message per page: the oldest loading state still shown says it, the others step aside.
let nextId = 1;
let owners: number[] = [];
const ownerListeners = new Set<() => void>();
function subscribeOwners(fn: () => void): () => void {
  ownerListeners.add(fn);
  return () => void ownerListeners.delete(fn);
}
function setOwners(next: number[]): void {
  owners = next;
  for (const fn of [...ownerListeners]) fn();
}

/**
 * A screen's (or a screen part's) loading state. Offline, a load that has not come back after
 * OFFLINE_WAIT_MS never will (a query with nothing saved waits for the network): it says so instead.
 */
export function CenteredSpinner({ label }: { label?: string }) {
  const online = useOnline();
  const [waited, setWaited] = useState(false);
  const since = useRef(0);
  const [id] = useState(() => nextId++);
  const owner = useSyncExternalStore(subscribeOwners, () => owners[0] === id, () => true);
  useEffect(() => {
    since.current = startShowing();
    setOwners([...owners, id]);
    return () => {
      stopShowing();
      setOwners(owners.filter((o) => o !== id));
    };
  }, [id]);
  const first = useRef(true);
  useEffect(() => {
    // Offline from the start: wait from when the loading began; gone offline while loading: from now.
    const now = Date.now();
    const from = first.current ? since.current : now;
    first.current = false;
    if (online) return;
    const id = setTimeout(() => setWaited(true), Math.max(0, from + OFFLINE_WAIT_MS - now));
    return () => {
      clearTimeout(id);
      setWaited(false);
    };
  }, [online]);
  if (!online && waited) return owner ? <OfflineUnavailable /> : null;
  return (
    <div className="center-block">
      <Spinner label={label} size="large" />
    </div>
  );
}
