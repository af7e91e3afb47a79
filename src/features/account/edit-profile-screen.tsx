// Edit profile: photo (POST /files, then PUT me with profile_photo_id), names, country, email, Save.
// A stale edit_version (409 edit_conflict) is shown and nothing typed is lost: the user can load the
// latest version and re-apply their changes, or discard them.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@contract/types';
import { countriesQuery } from '../../lib/countries';
import { errorOf, setFormMsg, useSchemaForm } from '../../lib/form';
import { ApiRequestError } from '../../lib/http';
import { errorMsg, msg, rawMsg, useMsg, type Msg, type MsgKey } from '../../lib/msg';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { CountryField } from '../../ui/country-select';
import { FormError, TextField } from '../../ui/field';
import { CameraIcon } from '../../ui/icons';
import { ScreenHeader } from '../../ui/screen-header';
import { Spinner } from '../../ui/spinner';
import { useOnline } from '../../offline/online';
import { OfflineReason } from '../../offline/offline-reason';
import { fetchMe, updateMe, uploadFile } from './api';
import { editProfileSchema } from './validation';
import { useBackTo } from '../../lib/screen-trail';

type Values = { first_name: string; last_name: string; email: string; country_id: string };

const fromUser = (u: User | null): Values => ({
  first_name: u?.first_name ?? '',
  last_name: u?.last_name ?? '',
  email: u?.email ?? '',
  country_id: u?.country ? String(u.country.id) : '',
});

/** The server's violation codes this screen can say in the user's language; any other keeps its words. */
const KNOWN_CODES: Record<string, MsgKey> = {
  email_already_exists: 'account:editProfile.emailTaken',
  invalid_email: 'validation.incorrectEmail',
  too_large: 'account:editProfile.photoTooLarge',
  invalid_mime_type: 'account:editProfile.photoWrongType',
};

/** The violation on `field` (else the first one) in the user's language when its code is known. */
const violationMsg = (e: ApiRequestError, field?: string) => {
  const list = e.body?.violations ?? [];
  const violation = (field ? list.find((v) => v.property_path === field) : undefined) ?? list[0];
  if (!violation) return null;
  const known = violation.code ? KNOWN_CODES[violation.code] : undefined;
  return known ? msg(known) : rawMsg(violation.message);
};

export function EditProfileScreen() {
  const { t } = useTranslation('account');
  const backTo = useBackTo();
  const online = useOnline();
  const { user } = useSession();
  const countries = useQuery(countriesQuery());
  // On a cold start straight onto this screen the session's user arrives after the first render.
  const form = useSchemaForm(editProfileSchema, fromUser(user), fromUser(user));
  const [photo, setPhoto] = useState<{ id: number; url: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<Msg | null>(null);
  const show = useMsg();
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const busy = form.formState.isSubmitting || discarding;
  const field = (name: keyof Values) => form.register(name, { onChange: () => setSaved(false) });

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
      // A photo that cannot be used makes a profile saved before it no longer "saved".
      setSaved(false);
      setPhotoError(
        errorMsg(err, (x) => {
          if (x.status === 413) return msg('account:editProfile.photoTooLarge');
          return violationMsg(x, 'file') ?? (x.body?.error_description ? rawMsg(x.body.error_description) : null);
        }),
      );
    } finally {
      setUploading(false);
    }
  };

  const handleError = (err: unknown) => {
    setSaved(false);
    if (err instanceof ApiRequestError && (err.status === 409 || err.body?.error === 'edit_conflict')) setConflict(true);
    else setFormMsg(form, errorMsg(err, (x) => violationMsg(x)));
  };

  /** Validate and save against the edit version `version` gives (the known one, or the latest). */
  const saveWith = (version: () => Promise<number>) =>
    form.handleSubmit(async (values) => {
      try {
        const editVersion = await version();
        const country = countries.data?.find((c) => String(c.id) === values.country_id);
        await updateMe({
          first_name: values.first_name,
          last_name: values.last_name,
          email: values.email,
          country_id: Number(values.country_id || user?.country?.id || 0),
          currency: country?.currency ?? user?.currency ?? 'EUR',
          edit_version: editVersion,
          ...(photo ? { profile_photo_id: photo.id } : {}),
        });
        setPhoto(null);
        setConflict(false);
        setSaved(true);
      } catch (err) {
        handleError(err);
      }
    });
  const submit = saveWith(async () => user?.edit_version ?? 0);
  const reapply = saveWith(async () => (await fetchMe()).edit_version);

  const discard = async () => {
    setDiscarding(true);
    try {
      form.reset(fromUser(await fetchMe()));
      setPhoto(null);
      setConflict(false);
    } catch (err) {
      handleError(err);
    } finally {
      setDiscarding(false);
    }
  };

  const shownPhoto = photo?.url ?? user?.profile_photo?.url ?? null;

  return (
    <div>
      <ScreenHeader title={t('editProfile.title')} onBack={backTo('/settings')} />
      <form className="form" onSubmit={submit} noValidate>
        <div className="photo-edit">
          {shownPhoto ? (
            <img className="avatar" src={shownPhoto} alt={t('editProfile.photo')} />
          ) : (
            <span className="avatar avatar-placeholder" aria-hidden="true">
              {form.watch('first_name').slice(0, 1).toUpperCase()}
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
        <TextField label={t('editProfile.firstName')} autoComplete="given-name" {...field('first_name')} />
        <TextField label={t('editProfile.lastName')} autoComplete="family-name" {...field('last_name')} />
        <CountryField
          control={form.control}
          field="country_id"
          label={t('editProfile.country')}
          placeholder={t('editProfile.countryPlaceholder')}
          countries={countries.data ?? (user?.country ? [user.country] : [])}
          onEdit={() => setSaved(false)}
        />
        <TextField label={t('editProfile.email')} type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <FormError>{show(errorOf(form.formState.errors.root))}</FormError>
        {conflict ? (
          <div className="conflict-box" role="alert">
            <strong>{t('editProfile.conflictTitle')}</strong>
            <p>{t('editProfile.conflictBody')}</p>
            <Button onClick={reapply} busy={form.formState.isSubmitting}>
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
