// Work that must not hold up (or shape) the answer: runs after the response when the runtime allows.
import type { Context } from 'hono';
import { log } from '../../log/log';

/**
 * Runs task after the answer is sent (waitUntil); failures are logged, never shown. Without an
 * execution context (app.request in a script) the task finishes before the answer instead.
 * @example await afterResponse(c, 'password reset mail', () => requestPasswordReset(db, mail, input))
 */
export async function afterResponse(c: Context, label: string, task: () => Promise<void>): Promise<void> {
  const logged = task().catch((err: unknown) => {
    log.error('background.failed', err, { message: `${label} failed`, task: label });
  });
  let ctx: ExecutionContext | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined;
  }
  if (ctx) ctx.waitUntil(logged);
  else await logged;
}
