import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '@contract/types';
import { AppLink } from '../../ui/app-link';

export function TargetCard({ project, selected, pending }: { project: Project; selected: boolean; pending: boolean }) {
  const { t } = useTranslation('targets');
  const [failed, setFailed] = useState(false);
  const image = project.background_image?.url;
  return (
    <AppLink to={`/set-target/${project.id}`} className={`tgt-card${selected ? ' tgt-card-selected' : ''}`} data-target-id={project.id}>
      {image && !failed ? (
        <img className="tgt-card-image" src={image} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <span className="tgt-card-image tgt-placeholder" aria-hidden="true">{project.name}</span>
      )}
      <span className="tgt-card-name">{project.name}</span>
      {project.social && (
        <span className="tgt-social" role="img" aria-label={t('social')} title={t('social')}>
          S
        </span>
      )}
      {selected && (
        <span className="tgt-check">
          <span aria-hidden="true">✓ </span>
          {t('selected')}
        </span>
      )}
      {pending && <span className="tgt-pending">{t('pendingSync')}</span>}
    </AppLink>
  );
}
