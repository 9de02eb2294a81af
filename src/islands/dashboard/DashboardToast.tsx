// The dashboard's red error toast, titled Dashboard; a click or 15 seconds hides it (spec section 8).
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $toast, hideToast, TOAST_VISIBLE_MS } from '../../stores/toast';

export default function DashboardToast() {
  const toast = useStore($toast);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(hideToast, TOAST_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div role="alert">
      {toast && (
        <button type="button" className="toast" onClick={hideToast} title="Click to close">
          <strong className="toast-title">Dashboard</strong>
          <span>{toast.text}</span>
        </button>
      )}
    </div>
  );
}
