// Select Interest: chips; Save disabled until one is chosen; PUT /application-users/me/interests.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/http';
import { errorMsg, rawMsg, useMsg, type Msg } from '../../lib/msg';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/field';
import { ScreenHeader } from '../../ui/screen-header';
import { CenteredSpinner } from '../../ui/spinner';
import { showToast } from '../../ui/toast';
import { fetchMe, saveInterests } from './api';
import { accountQueries } from './queries';
import { useBackTo, useCloseTo } from '../../lib/screen-trail';

export function SelectInterestScreen() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('common');
  const backTo = useBackTo();
  const closeTo = useCloseTo();
  const { user } = useSession();
  const interests = useQuery(accountQueries.interests());
  const [selected, setSelected] = useState<Set<number>>(() => new Set((user?.user_interests ?? []).map((i) => i.id)));
  const [error, setError] = useState<Msg | null>(null);
  const show = useMsg();
  const [busy, setBusy] = useState(false);

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const save = async () => {
    setBusy(true);
    setError(null);
    const ids = [...selected];
    try {
      try {
        await saveInterests({ user_interests: ids, edit_version: user?.edit_version ?? 0 });
      } catch (err) {
        // The profile changed elsewhere: interests are a set, so re-applying on the latest version is safe.
        if (!(err instanceof ApiRequestError && err.status === 409)) throw err;
        const latest = await fetchMe();
        await saveInterests({ user_interests: ids, edit_version: latest.edit_version });
      }
      showToast(t('interests.saved'), { tone: 'success' });
      // Back through Settings to the menu it was opened from, when it was (no screens to walk again).
      closeTo('/menu')();
    } catch (err) {
      setError(errorMsg(err, (e) => (e.violation() ? rawMsg(e.violation()!) : null)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <ScreenHeader title={t('interests.title')} onBack={backTo('/settings')} />
      <p className="muted">{t('interests.intro')}</p>
      {interests.isPending ? <CenteredSpinner /> : null}
      {interests.isError ? <FormError>{tc('errors.generic')}</FormError> : null}
      {interests.data && interests.data.length === 0 ? <p>{t('interests.empty')}</p> : null}
      <ul className="chips" aria-label={t('interests.title')}>
        {(interests.data ?? []).map((i) => (
          <li key={i.id}>
            <button type="button" className="chip" aria-pressed={selected.has(i.id)} onClick={() => toggle(i.id)}>
              {i.name}
            </button>
          </li>
        ))}
      </ul>
      <FormError>{show(error)}</FormError>
      <Button block onClick={save} disabled={selected.size === 0} busy={busy}>
        {t('interests.save')}
      </Button>
    </div>
  );
}
