// The exports' query string (GET /api/stat/details?to_csv=true, /api/stat/details/xlsx): the table's
// body as parameters, lists comma separated, checked by the table's own schema.
import { parseInput } from '../../http/validate';
import { detailsTableSchema, type DetailsTableInput } from './schema';

const LIST_FIELDS = ['channels', 'countries'] as const;
const SCALAR_FIELDS = ['date_from', 'date_to', 'type_video', 'top_field', 'group', 'sort', 'order'] as const;

/**
 * The table body a download's query string asks for; a 400 naming the field when it is not one the
 * table call would accept. Paging parameters are ignored: a download holds every row.
 * @example exportInput(new URLSearchParams('top_field=views&group=countries&sort=rpm&order=asc'))
 */
export function exportInput(params: URLSearchParams): DetailsTableInput {
  const body: Record<string, unknown> = {};
  for (const field of SCALAR_FIELDS) {
    const value = params.get(field);
    if (value !== null && value !== '') body[field] = value;
  }
  const list = (field: string) =>
    (params.get(field) ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  for (const field of LIST_FIELDS) if (params.has(field)) body[field] = list(field);
  // Title ids are numbers in the body; a part that is not one stays text, so the schema names the field.
  if (params.has('titles')) body.titles = list('titles').map((id) => (/^\d+$/.test(id) ? Number(id) : id));
  return parseInput(detailsTableSchema, body);
}
