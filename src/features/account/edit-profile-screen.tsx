// Edit profile (SPEC §2, §5): photo (POST /files, then PUT me with profile_photo_id), names, country,
// email, Save. A stale edit_version (409 edit_conflict) is shown and nothing typed is lost: the user can
// load the latest version and re-apply their changes, or discard them.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../server/contract/types';
import { countriesQuery } from '../../lib/countries';
import { ApiRequestError } from '../../lib/http';
import { msg, rawMsg, useMsg, type Msg } from '../../lib/msg';
import { useGo } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { CountrySelect } from '../../ui/country-select';
import { FormError, TextField } from '../../ui/field';
import { CameraIcon } from '../../ui/icons';
import { ScreenHeader } from '../../ui/screen-header';
import { Spinner } from '../../ui/spinner';
import { useOnline } from '../../offline/online';
import { OfflineReason } from '../../offline/offline-reason';
import { fetchMe, updateMe, uploadFile } from './api';
import { validateEditProfile } from './validation';

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  country_id: string;
}

const fromUser = (u: User | null): Values => ({
  first_name: u?.first_name ?? '',
  last_name: u?.last_name ?? '',
  email: u?.email ?? '',
  country_id: u?.country ? String(u.country.id) : '',
});

export function EditProfileScreen() {
  const { t } = useTranslation('account');
  const go = useGo();
  const online = useOnline();
  const { user } = useSession();
  const countries = useQuery(countriesQuery());
  const [values, setValues] = useState<Values>(() => fromUser(user));
  // On a cold start straight onto this screen the session's user arrives after the first render:
  // fill the form once when it does (adjusting state during render, not in an effect).
  const [filledFor, setFilledFor] = useState<number | null>(user?.id ?? null);
  if (user && filledFor === null) {
    setFilledFor(user.id);
    setValues(fromUser(user));
  }
  const [photo, setPhoto] = useState<{ id: number; url: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<Msg | null>(null);
  const [error, setError] = useState<Msg | null>(null);
  const show = useMsg();
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const set = (key: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setSaved(false);
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setPhotoError(null);
    setUploading(true);
    try {
      const uploaded = await uploadFile(file);
      setPhoto({ id: uploaded.id, url: uploaded.url });
      setSaved(false);
    } catch (err) {
      const text = err instanceof ApiRequestError ? (err.violation('file') ?? err.violation() ?? err.body?.error_description) : undefined;
      setPhotoError(text ? rawMsg(text) : msg('errors.generic'));
    } finally {
      setUploading(false);
    }
  };

  const save = async (editVersion: number) => {
    const country = countries.data?.find((c) => String(c.id) === values.country_id);
    await updateMe({
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      country_id: Number(values.country_id || user?.country?.id || 0),
      currency: country?.currency ?? user?.currency ?? 'EUR',
      edit_version: editVersion,
      ...(photo ? { profile_photo_id: photo.id } : {}),
    });
    setPhoto(null);
    setConflict(false);
    setSaved(true);
  };

  const handleError = (err: unknown) => {
    if (err instanceof ApiRequestError && (err.status === 409 || err.body?.error === 'edit_conflict')) setConflict(true);
    else if (err instanceof ApiRequestError && err.kind === 'network_error') setError(msg('errors.offline'));
    else if (err instanceof ApiRequestError && err.violation()) setError(rawMsg(err.violation()!));
    else setError(msg('errors.generic'));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateEditProfile(values);
    if (problem) {
      setError(msg(problem));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await save(user?.edit_version ?? 0);
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
  };

  const reapply = async () => {
    setBusy(true);
    setError(null);
    try {
      const latest = await fetchMe();
      await save(latest.edit_version);
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
  };

  const discard = async () => {
    setBusy(true);
    try {
      const latest = await fetchMe();
      setValues(fromUser(latest));
      setPhoto(null);
      setConflict(false);
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
  };

  const shownPhoto = photo?.url ?? user?.profile_photo?.url ?? null;

  return (
    <div>
      <ScreenHeader title={t('editProfile.title')} onBack={() => go('/settings')} />
      <form className="form" onSubmit={submit} noValidate>
        <div className="photo-edit">
          {shownPhoto ? (
            <img className="avatar" src={shownPhoto} alt={t('editProfile.photo')} />
          ) : (
            <span className="avatar avatar-placeholder" aria-hidden="true">
              {values.first_name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div>
            <input ref={fileRef} id="profile-photo-input" type="file" accept="image/*" className="visually-hidden" onChange={onFile} tabIndex={-1} aria-hidden="true" />
            <Button variant="secondary" onClick={() => fileRef.current?.click()} disabled={uploading || !online} aria-describedby={online ? undefined : 'edit-profile-offline'}>
              <CameraIcon />
              {t('editProfile.changePhoto')}
            </Button>
            {uploading ? <Spinner label={t('editProfile.uploading')} size="small" /> : null}
            {photo ? <p className="field-hint" role="status">{t('editProfile.photoReady')}</p> : null}
          </div>
        </div>
        <FormError>{show(photoError)}</FormError>
        <TextField label={t('editProfile.firstName')} name="first_name" autoComplete="given-name" value={values.first_name} onChange={(e) => set('first_name')(e.target.value)} />
        <TextField label={t('editProfile.lastName')} name="last_name" autoComplete="family-name" value={values.last_name} onChange={(e) => set('last_name')(e.target.value)} />
        <CountrySelect
          label={t('editProfile.country')}
          placeholder={t('editProfile.countryPlaceholder')}
          countries={countries.data ?? (user?.country ? [user.country] : [])}
          value={values.country_id}
          onChange={set('country_id')}
        />
        <TextField label={t('editProfile.email')} type="email" name="email" autoComplete="email" inputMode="email" value={values.email} onChange={(e) => set('email')(e.target.value)} />
        <FormError>{show(error)}</FormError>
        {conflict ? (
          <div className="conflict-box" role="alert">
            <strong>{t('editProfile.conflictTitle')}</strong>
            <p>{t('editProfile.conflictBody')}</p>
            <Button onClick={reapply} busy={busy}>
              {t('editProfile.conflictReapply')}
            </Button>
            <Button variant="ghost" onClick={discard} disabled={busy}>
              {t('editProfile.conflictDiscard')}
            </Button>
          </div>
        ) : null}
        {saved ? (
          <p className="form-success" role="status">
            {t('editProfile.saved')}
          </p>
        ) : null}
        <div className="form-actions">
          <Button type="submit" block busy={busy && !conflict} disabled={uploading || !online} aria-describedby={online ? undefined : 'edit-profile-offline'}>
            {t('editProfile.save')}
          </Button>
          <OfflineReason id="edit-profile-offline" />
        </div>
      </form>
    </div>
  );
}
