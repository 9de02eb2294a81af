// The worker the integration tests run beside: it exports the Durable Object and Workflow classes the bindings name
// (the product's own entry is Astro's build, which the tests do not build).
export { NetworkStore } from '../../src/server/partner-store/product-store';
export { ReportDayLoad } from '../../src/server/ingest/workflows/report-day-load';
export { ArchiveLoad } from '../../src/server/ingest/workflows/archive-load';

export default {
  fetch: () => new Response('the integration tests call the app directly', { status: 404 }),
};
