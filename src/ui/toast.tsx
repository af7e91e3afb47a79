// Toasts: showToast() from anywhere; <Toaster/> (mounted once by the app) shows them in a manual popover
// so they stay above modal dialogs. Screen readers hear them through the app's announcer (errors
// assertively), so the visible toasts are not a live region of their own.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { announce } from './announcer';

export interface ToastItem {
  id: number;
  message: string;
  tone: 'info' | 'success' | 'error';
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast for `duration` ms (copy toast 1900 ms by default). */
export function showToast(message: string, opts: { tone?: ToastItem['tone']; duration?: number } = {}): number {
  const id = nextId++;
  items = [...items, { id, message, tone: opts.tone ?? 'info' }];
  emit();
  announce(message, opts.tone === 'error' ? 'assertive' : 'polite');
  setTimeout(() => dismissToast(id), opts.duration ?? 1900);
  return id;
}

export function dismissToast(id: number): void {
  items = items.filter((t) => t.id !== id);
  emit();
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => items, () => items);
}

export function Toaster() {
  const list = useToasts();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current as (HTMLDivElement & { showPopover?: () => void; hidePopover?: () => void }) | null;
    if (!el?.showPopover) return;
    try {
      if (list.length) {
        // Re-show so it sits above a dialog opened after it.
        if (el.matches(':popover-open')) el.hidePopover?.();
        el.showPopover();
      } else if (el.matches(':popover-open')) el.hidePopover?.();
    } catch {
      /* popover unsupported */
    }
  }, [list]);
  return (
    <div ref={ref} className="toaster" popover="manual">
      {list.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`}>
          {t.message}
        </div>
      ))}
    </div>
  );
}
