// The script of the local import's own workerd: runs a whole D1 batch or query per request, so Node sends each once.

/**
 * Requests are POST JSON: /batch {statements: [{sql, params}], staged?} answers D1's batch results,
 * the statements sent before under /stage {id, statements} first (a large file's batch crosses in
 * parts, each request a few megabytes); /query
 * {sql, params, mode: 'all' | 'raw' | 'run'} one statement's; /exec {sql}; /kv/get {key}; /kv/put {key, value}.
 * Errors answer 500 with {error} (D1's message), which the Node side throws again.
 */
export const BRIDGE_WORKER = `
const staged = new Map();
function prepared(db, s) {
  const statement = db.prepare(s.sql);
  return s.params.length > 0 ? statement.bind(...s.params) : statement;
}
export default {
  async fetch(request, env) {
    const path = new URL(request.url).pathname;
    const body = await request.json();
    try {
      let out;
      if (path === '/stage') {
        staged.set(body.id, [...(staged.get(body.id) ?? []), ...body.statements]);
        return Response.json({ out: null });
      }
      if (path === '/batch') {
        const statements = [...(staged.get(body.staged) ?? []), ...body.statements];
        staged.delete(body.staged);
        out = await env.DB.batch(statements.map((s) => prepared(env.DB, s)));
      }
      else if (path === '/query' && body.mode === 'raw') out = await prepared(env.DB, body).raw({ columnNames: true });
      else if (path === '/query') out = await prepared(env.DB, body)[body.mode]();
      else if (path === '/exec') out = await env.DB.exec(body.sql);
      else if (path === '/kv/get') out = await env.KV.get(body.key);
      else if (path === '/kv/put') out = await env.KV.put(body.key, body.value);
      else return new Response('not found', { status: 404 });
      return Response.json({ out: out ?? null });
    } catch (error) {
      return Response.json({ error: error instanceof Error ? error.message : String(error) }, { status: 500 });
    }
  },
};
`;
