// The console pages' action forms: each posts its fields as JSON to the /api/console call it names, then
// reloads the page (which the server renders afresh) and says what happened.
import { apiPostTo, errorMessage, leaveIfSignedOut } from '../api';

/** The message of the last action, shown once after the reload. */
const STATUS_KEY = 'console-status';

/** What formBody reads of a field: an input's or a select's own properties (plain objects in unit tests). */
export interface FormField {
  name: string;
  type: string;
  value: string;
  checked?: boolean;
  dataset: DOMStringMap;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Puts a value at a dotted name: `shares.ads` goes to `{ shares: { ads } }`, as the API's nested bodies want. */
function put(body: Record<string, unknown>, name: string, value: unknown): void {
  const keys = name.split('.');
  const last = keys.pop() ?? name;
  let target = body;
  for (const key of keys) {
    const child = isRecord(target[key]) ? target[key] : {};
    target[key] = child;
    target = child;
  }
  target[last] = value;
}

/** The value at a dotted name, if any (a list being collected). */
function at(body: Record<string, unknown>, name: string): unknown {
  let node: unknown = body;
  for (const key of name.split('.')) node = isRecord(node) ? node[key] : undefined;
  return node;
}

/**
 * A number field's value: times its data-scale when it has one (percent to basis points with 100, dollars
 * to micro-dollars with 1000000), rounded to a whole number, since the API takes integers and the
 * product of two floats misses them (0.29 × 100 is 28.999999999999996).
 */
function numberOf(field: FormField): number {
  const value = Number(field.value);
  const scale = field.dataset.scale === undefined ? null : Number(field.dataset.scale);
  return scale === null ? value : Math.round(value * scale);
}

/** One field's part of the body, or nothing (an empty text field, an unchecked box of a list). */
function readField(body: Record<string, unknown>, field: FormField): void {
  const kind = field.dataset.json;
  if (field.type === 'checkbox' && kind === 'list') {
    // Every box of the list makes it exist, so none checked sends [] and the API says what to choose.
    const collected = at(body, field.name);
    const list: unknown[] = Array.isArray(collected) ? collected : [];
    put(body, field.name, field.checked ? [...list, Number(field.value)] : list);
  } else if (field.type === 'checkbox') put(body, field.name, field.checked === true);
  else if (kind === 'boolean') put(body, field.name, field.value === 'true');
  else if (kind === 'number' && field.value !== '') put(body, field.name, Number(field.value));
  else if (field.type === 'number' && field.value !== '') put(body, field.name, numberOf(field));
  else if (field.value.trim() !== '') put(body, field.name, field.value.trim());
}

/**
 * The fields as a JSON body: dotted names nest; checkboxes are true/false, or with data-json="list" the
 * checked ones' values collect into a list of numbers; number fields are numbers (scaled by data-scale);
 * fields marked data-json="boolean" are true/false and data-json="number" numbers, from their value;
 * empty fields are left out.
 * @example bodyOf([{ name: 'shares.ads', type: 'number', value: '70', dataset: { scale: '100' } }]) // { shares: { ads: 7000 } }
 */
export function bodyOf(fields: Iterable<FormField>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) if (field.name) readField(body, field);
  return body;
}

/** The form's inputs and selects (those outside it that name it with form="…" too) as a JSON body (bodyOf). */
export function formBody(form: HTMLFormElement): Record<string, unknown> {
  return bodyOf(Array.from(form.elements).flatMap((e) => (e instanceof HTMLInputElement || e instanceof HTMLSelectElement ? [e] : [])));
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
