// The one toast on a page: forms raise it, the Toast island shows it (it hides after 15 s or on click; docs/partner-area.md, "Shell").
import { atom } from 'nanostores';

export const TOAST_VISIBLE_MS = 15_000;

export interface ToastMessage {
  text: string;
  kind: 'error' | 'success';
  /** Tells two identical messages in a row apart, so the timer restarts for the second. */
  id: number;
}

export const $toast = atom<ToastMessage | null>(null);

let nextId = 1;

/** Shows a toast, replacing any toast on screen. */
export function showToast(text: string, kind: ToastMessage['kind'] = 'error'): void {
  $toast.set({ text, kind, id: nextId++ });
}

export function hideToast(): void {
  $toast.set(null);
}
