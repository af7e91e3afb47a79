// Every HTML string from the API goes through DOMPurify before it is rendered. DOMPurify is
// loaded on demand (not in the first-paint bundle); until it is ready nothing is rendered.
import { createElement, useEffect, useState, type JSX } from 'react';

type Purify = { sanitize: (html: string, cfg?: Record<string, unknown>) => string };
let purifyPromise: Promise<Purify> | null = null;

function loadPurify(): Promise<Purify> {
  if (!purifyPromise) {
    purifyPromise = import('dompurify').then((m) => {
      const purify = (m.default ?? m) as unknown as Purify & { addHook?: (n: string, fn: (node: Element) => void) => void };
      // Links in descriptions open safely in a new tab.
      purify.addHook?.('afterSanitizeAttributes', (node: Element) => {
        if (node.tagName === 'A') {
          node.setAttribute('target', '_blank');
          node.setAttribute('rel', 'noopener noreferrer');
        }
      });
      return purify;
    });
  }
  return purifyPromise;
}

export async function sanitizeHtml(html: string): Promise<string> {
  const purify = await loadPurify();
  return purify.sanitize(html ?? '', { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] });
}

export function SafeHtml(props: { html: string; className?: string }): JSX.Element {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    sanitizeHtml(props.html).then((c) => alive && setClean(c), () => alive && setClean(''));
    return () => {
      alive = false;
    };
  }, [props.html]);
  return createElement('div', {
    className: props.className,
    dangerouslySetInnerHTML: { __html: clean ?? '' },
    'aria-busy': clean === null ? true : undefined,
  });
}
