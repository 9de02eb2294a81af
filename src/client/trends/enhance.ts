// Small progressive enhancements of the trend pages' plain GET forms: submit on change, at most three
// countries, comma separated country lists, the table options and the click-to-play player.
import { MAX_TREND_COUNTRIES } from '../../lib/trends/countries';

/** Sends a filter form as soon as one of its [data-auto] fields changes. */
function autoSubmit(form: HTMLFormElement): void {
  form.addEventListener('change', (event) => {
    const field = event.target as HTMLElement;
    if (field.closest('[data-auto]')) form.requestSubmit();
  });
}

/** Disables unticked country boxes while three are ticked: a trend page compares at most 3 countries. */
function limitCountries(form: HTMLFormElement): void {
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type=checkbox][name=country_trends]')];
  const update = () => {
    const full = boxes.filter((b) => b.checked).length >= MAX_TREND_COUNTRIES;
    for (const box of boxes) box.disabled = full && !box.checked;
  };
  form.addEventListener('change', update);
  update();
}

/** Sends the ticked countries as one comma separated value (?country_trends=US,GB). */
function joinCountries(form: HTMLFormElement): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const query = new URLSearchParams();
    const countries: string[] = [];
    for (const [key, value] of new FormData(form)) {
      if (typeof value !== 'string') continue;
      if (key === 'country_trends') countries.push(value);
      else if (value !== '') query.set(key, value);
    }
    if (countries.length > 0) query.set('country_trends', countries.join(','));
    // form.action is the page's own URL, query included, when the form names none.
    const url = new URL(form.action || window.location.href);
    url.search = query.toString();
    window.location.assign(url);
  });
}

/** Table options (highlighted metric, the country whose position shows) applied at once, kept in the URL. */
function tableOptions(form: HTMLFormElement): void {
  const table = document.getElementById(form.dataset.table ?? '');
  if (!table) return;
  form.querySelector('button')?.setAttribute('hidden', '');
  form.addEventListener('change', () => {
    const metric = (form.elements.namedItem('highlight') as HTMLSelectElement | null)?.value ?? '';
    const flag = (form.elements.namedItem('flag') as HTMLSelectElement | null)?.value ?? '';
    for (const cell of table.querySelectorAll<HTMLElement>('[data-metric]'))
      cell.classList.toggle('highlight', cell.dataset.metric === metric);
    for (const cell of table.querySelectorAll<HTMLElement>('[data-country]')) cell.hidden = cell.dataset.country !== flag;
    const url = new URL(window.location.href);
    url.searchParams.set('highlight', metric);
    url.searchParams.set('flag', flag);
    window.history.replaceState(null, '', url);
  });
}

/** Swaps the thumbnail link for the embedded player when clicked (nothing from YouTube loads before). */
function clickToPlay(link: HTMLAnchorElement): void {
  link.addEventListener(
    'click',
    (event) => {
      event.preventDefault();
      const frame = document.createElement('iframe');
      frame.src = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(link.dataset.video ?? '')}?autoplay=1`;
      frame.title = link.dataset.title ?? 'Video player';
      frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
      frame.allowFullscreen = true;
      link.replaceChildren(frame);
    },
    { once: true },
  );
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-trend-filters]')) {
  autoSubmit(form);
  if (form.querySelector('input[name=country_trends]')) {
    limitCountries(form);
    joinCountries(form);
  }
}
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-table-options]')) tableOptions(form);
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-player]')) clickToPlay(link);
