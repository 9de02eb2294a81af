// Shows the page's toast; a click or 15 seconds hides it. With a title (the dashboard's red "Dashboard"
// toast, docs/partner-area.md, "Failures") it is an alert headed by that title.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $toast, hideToast, TOAST_VISIBLE_MS } from '../../stores/toast';

export default function Toast({ title }: { title?: string }) {
  const toast = useStore($toast);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(hideToast, TOAST_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const live = title ? { role: 'alert' } : { role: 'status', 'aria-live': 'polite' as const };
  return (
    <div {...live}>
      {toast && (
        <button
          type="button"
          className={toast.kind === 'success' ? 'toast toast-success' : 'toast'}
          onClick={hideToast}
          title="Click to close"
        >
          {title ? (
            <>
              <strong className="toast-title">{title}</strong>
              <span>{toast.text}</span>
            </>
          ) : (
            toast.text
          )}
        </button>
      )}
    </div>
  );
}
