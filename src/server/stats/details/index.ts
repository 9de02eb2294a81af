// The details screens' figures (docs/stats.md, "Details"): tables, summary, months, charts, audience and map.
export { getDetailsAudience } from './audience';
export { getFinanceMonths } from './finance-months';
export { DETAILS_GRAPH_ROWS, getDetailsGraph } from './graph';
export { getDetailsMap, MAP_TOP_CHANNELS } from './map';
export { resolveDetails } from './request';
export { detailsGraphSchema, detailsMapSchema, detailsSchema, detailsTableSchema } from './schema';
export { getDetailsSummary } from './summary';
export { detailsRows, type DetailsRowsAnswer, type DetailsTableOptions, getDetailsTable } from './table';
