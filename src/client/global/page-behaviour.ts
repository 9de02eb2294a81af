// The global page's small enhancements: filters apply on change, long tables fold, trend videos preview on hover.

const PREVIEW_EMBED = 'https://www.youtube-nocookie.com/embed/';

/** Picking a filter navigates at once; empty choices stay out of the URL. */
function enhanceFilters(): void {
  const form = document.querySelector<HTMLFormElement>('form.global-filters');
  if (!form) return;
  form.querySelector('.filters-apply')?.setAttribute('hidden', '');
  form.addEventListener('formdata', (event) => {
    for (const [key, value] of [...event.formData]) if (value === '') event.formData.delete(key);
  });
  form.addEventListener('change', () => form.requestSubmit());
}

/** Rows marked data-extra fold behind a Show more button (all rows stay in the HTML). */
function enhanceShowMore(): void {
  for (const table of document.querySelectorAll<HTMLTableElement>('table[data-show-more]')) {
    const extra = [...table.querySelectorAll<HTMLTableRowElement>('tr[data-extra]')];
    if (extra.length === 0) continue;
    for (const row of extra) row.hidden = true;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button-secondary show-more';
    button.textContent = 'Show more';
    button.addEventListener('click', () => {
      for (const row of extra) row.hidden = false;
      button.remove();
    });
    table.parentNode?.insertBefore(button, table.nextSibling);
  }
}

/** The preview iframe is made only when asked for, so no player loads with the page. */
function showPreview(item: HTMLElement): void {
  const box = item.querySelector<HTMLElement>('.trend-preview');
  const id = item.dataset.previewVideo;
  if (!box || !id || box.querySelector('iframe')) return;
  const frame = document.createElement('iframe');
  frame.src = `${PREVIEW_EMBED}${encodeURIComponent(id)}?autoplay=1&mute=1&controls=0&playsinline=1`;
  frame.title = `Preview: ${item.dataset.previewTitle ?? id}`;
  frame.allow = 'autoplay; encrypted-media; picture-in-picture';
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  box.appendChild(frame);
  box.hidden = false;
}

function hidePreview(item: HTMLElement): void {
  const box = item.querySelector<HTMLElement>('.trend-preview');
  if (!box) return;
  box.replaceChildren();
  box.hidden = true;
}

function enhancePreviews(): void {
  for (const item of document.querySelectorAll<HTMLElement>('[data-preview-video]')) {
    item.addEventListener('mouseenter', () => showPreview(item));
    item.addEventListener('mouseleave', () => hidePreview(item));
    item.addEventListener('focusin', () => showPreview(item));
    item.addEventListener('focusout', (event) => {
      if (!item.contains(event.relatedTarget as Node | null)) hidePreview(item);
    });
  }
}

enhanceFilters();
enhanceShowMore();
enhancePreviews();
