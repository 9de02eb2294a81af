// Shows the page's toast; a click or 15 seconds hides it.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $toast, hideToast, TOAST_VISIBLE_MS } from '../../stores/toast';

export default function Toast() {
  const toast = useStore($toast);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(hideToast, TOAST_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div role="status" aria-live="polite">
      {toast && (
        <button
          type="button"
          className={toast.kind === 'success' ? 'toast toast-success' : 'toast'}
          onClick={hideToast}
          title="Click to close"
        >
          {toast.text}
        </button>
      )}
    </div>
  );
}
