// The details screens' figures (docs/stats.md, "Details"): tables, summary, months, charts, audience and map.
export { detailsRows, type DetailsRowsAnswer, type DetailsTableOptions, getDetailsTable } from './table';
export { resolveDetails } from './request';
export { detailsGraphSchema, detailsMapSchema, detailsSchema, detailsTableSchema } from './schema';
