// Browser side of the shell: the drawer toggle under 768px, log-out, back-button (search is an island).
import { apiPost, leaveAfter } from '../client/api';

const DRAWER_QUERY = '(max-width: 767px)';

function initDrawer(): void {
  const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = document.getElementById('side-menu');
  const backdrop = document.querySelector<HTMLElement>('[data-menu-backdrop]');
  if (!toggle || !menu || !backdrop) return;

  const setOpen = (open: boolean, returnFocus = false) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.toggleAttribute('data-open', open);
    backdrop.toggleAttribute('data-open', open);
    if (open) menu.querySelector<HTMLElement>('a')?.focus();
    else if (returnFocus) toggle.focus();
  };

  toggle.addEventListener('click', () => setOpen(!menu.hasAttribute('data-open')));
  backdrop.addEventListener('click', () => setOpen(false));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu.hasAttribute('data-open')) setOpen(false, true);
  });
  // A drawer left open on a phone must not stay open when the window grows into the rail layout.
  window.matchMedia(DRAWER_QUERY).addEventListener('change', (event) => {
    if (!event.matches) setOpen(false);
  });
}

function initActions(): void {
  document.querySelector<HTMLButtonElement>('[data-logout]')?.addEventListener('click', async (event) => {
    const button = event.currentTarget as HTMLButtonElement;
    button.disabled = true;
    // Whatever the answer, the root is right: it shows the login screen once the session is gone.
    await leaveAfter('/', () => apiPost('/api/auth/logout', {}));
  });
}

/** Wires up the shell once per page load. */
export function initShell(): void {
  initDrawer();
  initActions();
  // A page restored from the back-forward cache was never asked of the server: reload it so the
  // route rules run again (after log-out, Back must land on the login screen, not the dashboard).
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.location.reload();
  });
}
