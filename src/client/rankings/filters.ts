// Filters of the rankings pages: a changed select loads the URL it stands for at once (the GET form works without this).
import { rankingQuery } from '../../lib/public/ranking-columns';

/** The page URL for the form's values, defaults left out. */
export function formUrl(form: HTMLFormElement): string {
  const entries = [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  const query = rankingQuery(entries, form.dataset.defaultMetric).toString();
  return `${location.pathname}${query ? `?${query}` : ''}`;
}

/** Selects marked data-filter navigate on change; the Apply button is hidden (it stays for Enter). */
export function enhanceFilters(form: HTMLFormElement): void {
  form.classList.add('enhanced');
  form.addEventListener('change', (event) => {
    if (event.target instanceof HTMLSelectElement && event.target.hasAttribute('data-filter')) location.assign(formUrl(form));
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    location.assign(formUrl(form));
  });
}
