// The console pages' action forms: each posts its fields as JSON to the /api/console call it names, then
// reloads the page (which the server renders afresh) and says what happened.
import { apiPostTo, errorMessage, leaveIfSignedOut } from '../api';

/** The message of the last action, shown once after the reload. */
const STATUS_KEY = 'console-status';

/**
 * The form's fields as a JSON body: checkboxes as true/false, number fields as numbers, fields marked
 * data-json="boolean" as true/false from their value; empty text fields are left out.
 */
export function formBody(form: HTMLFormElement): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement) || !element.name) continue;
    if (element.type === 'checkbox') body[element.name] = element.checked;
    else if (element.dataset.json === 'boolean') body[element.name] = element.value === 'true';
    else if (element.type === 'number' && element.value !== '') body[element.name] = Number(element.value);
    else if (element.value.trim() !== '') body[element.name] = element.value.trim();
  }
  return body;
}

function showStatus(kind: 'success' | 'error', text: string): void {
  const status = document.querySelector<HTMLElement>('[data-console-status]');
  if (!status) return;
  status.textContent = text;
  status.className = `console-status banner banner-${kind}`;
  status.hidden = false;
}

async function submit(form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
  // A form with two actions (grant / revoke) names the call on each button.
  const path = submitter?.dataset.api ?? form.dataset.api;
  if (!path) return;
  const confirmText = submitter?.dataset.confirm ?? form.dataset.confirm;
  if (confirmText && !window.confirm(confirmText)) return;
  const buttons = Array.from(form.querySelectorAll<HTMLButtonElement>('button'));
  for (const button of buttons) button.disabled = true;
  try {
    await apiPostTo<unknown>(path, formBody(form));
    sessionStorage.setItem(STATUS_KEY, submitter?.dataset.done ?? form.dataset.done ?? 'Done.');
    window.location.reload();
  } catch (error) {
    if (leaveIfSignedOut(error)) return;
    showStatus('error', errorMessage(error));
    for (const button of buttons) button.disabled = false;
  }
}

/** Wires every form[data-api] of the page and shows the message the last action left. */
export function initConsoleActions(): void {
  const done = sessionStorage.getItem(STATUS_KEY);
  if (done) {
    sessionStorage.removeItem(STATUS_KEY);
    showStatus('success', done);
  }
  for (const form of Array.from(document.querySelectorAll<HTMLFormElement>('form[data-api]'))) {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void submit(form, event.submitter);
    });
  }
}
