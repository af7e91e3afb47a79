import { useState } from 'react';

/** A project image; a missing or failed image leaves a placeholder showing the project name. */
export function ProjectImage({ src, name, className }: { src: string | null | undefined; name: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className={`imp-image-placeholder ${className ?? ''}`} data-testid="image-placeholder">
        <span>{name}</span>
      </div>
    );
  }
  return <img className={className} src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}
