// The worker the integration tests run beside: it exports the Durable Object classes the bindings name
// (the product's own entry is Astro's build, which the tests do not build).
export { NetworkStore } from '../../src/server/partner-store/product-store';

export default {
  fetch: () => new Response('the integration tests call the app directly', { status: 404 }),
};
