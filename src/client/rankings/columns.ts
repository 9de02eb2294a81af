// Column chooser of the top channels table: switches columns in place (no reload) and keeps the choice in the URL.
import { COLUMNS_PARAM, canToggle, isRankingColumn, NARROW_PARAM, type RankingColumn } from '../../lib/public/ranking-columns';
import { formUrl } from './filters';

/**
 * Checkboxes show up to 4 columns (the unchecked ones are disabled at 4, the last one cannot go);
 * the narrow select picks the one column shown under 992px. Both rewrite the URL with replaceState.
 */
export function enhanceColumns(form: HTMLFormElement, table: HTMLTableElement | null): void {
  const boxes = [...form.querySelectorAll<HTMLInputElement>(`input[name="${COLUMNS_PARAM}"]`)];
  const named = form.elements.namedItem(NARROW_PARAM);
  const narrow = named instanceof HTMLSelectElement ? named : null;
  const visible = (): RankingColumn[] =>
    boxes
      .filter((b) => b.checked)
      .map((b) => b.value)
      .filter(isRankingColumn);

  const apply = (rewriteUrl: boolean) => {
    const shown = visible();
    // A checked box is never disabled: disabled inputs drop out of the form's values.
    for (const box of boxes) box.disabled = !box.checked && isRankingColumn(box.value) && !canToggle(shown, box.value);
    table?.setAttribute('data-show', shown.join(' '));
    if (narrow) table?.setAttribute('data-narrow', narrow.value);
    if (rewriteUrl) history.replaceState(history.state, '', formUrl(form));
  };

  form.addEventListener('change', (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && boxes.includes(target)) {
      if (visible().length === 0) target.checked = true;
      apply(true);
    } else if (target === narrow) {
      apply(true);
    }
  });
  apply(false);
}
