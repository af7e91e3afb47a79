import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within `rootMargin` of the viewport (and stays true). Where there is
 * no IntersectionObserver (tests, old browsers) it is true at once.
 */
export function useNearScreen(ref: RefObject<Element | null>, rootMargin: string): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin });
    io.observe(el);
    return () => io.disconnect();
  }, [near, ref, rootMargin]);
  return near;
}
