// CSRF defence for every state-changing request: the browser must say it came from our origin.
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Throws 403 when a state-changing request comes from another site. Requests without Origin and
 * without Sec-Fetch-Site are not from a browser page (command-line clients) and pass.
 */
export function assertSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const url = new URL(request.url);
  const origin = request.headers.get('Origin');
  if (origin !== null) {
    if (origin !== url.origin) throw forbidden('Cross-site request refused.');
    return;
  }
  const site = request.headers.get('Sec-Fetch-Site');
  if (site !== null && site !== 'same-origin' && site !== 'none') {
    throw forbidden('Cross-site request refused.');
  }
}
