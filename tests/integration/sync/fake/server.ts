// A local fake of Google's endpoints (OAuth consent and token, Reporting, Data and Analytics APIs) for the
// sync and connection tests, and for local runs (cli.ts).
// Each test works in its own namespace, /t/<name>/…, so tests never see each other's jobs or requests.
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { analyticsApi } from './analytics-api';
import { dataApi } from './data-api';
import { readFixture } from './fixtures';
import { tokenEndpoint } from './google-auth';
import { authorize, mineChannels, revoke, userinfo } from './consent';
import { reportingApi } from './reporting';
import { googleError, header, json, type FakeRequest, type FakeResponse } from './responses';
import { namespace, type Namespace, type Scenario } from './state';

function route(ns: Namespace, req: FakeRequest, base: string): FakeResponse {
  if (req.path === '/__setup' && req.method === 'POST') {
    ns.scenario = JSON.parse(req.body) as Scenario;
    return json({ ok: true });
  }
  if (req.path === '/__requests') return json(ns.requests);
  ns.requests.push({
    method: req.method,
    path: req.path,
    query: Object.fromEntries(req.query),
    authorization: header(req, 'authorization'),
    acceptEncoding: header(req, 'accept-encoding'),
  });
  const failure = nextFailure(ns, req.path);
  if (failure) return failure;
  if (req.path === '/token') return tokenEndpoint(ns, req);
  if (req.path === '/oauth/authorize') return authorize(ns, req);
  if (req.path === '/revoke' && req.method === 'POST') return revoke(ns, req);
  if (req.path === '/userinfo') return userinfo(ns, req);
  if (req.path === '/data/v3/channels' && req.query.get('mine') === 'true') return mineChannels(ns, req);
  if (req.path.startsWith('/reporting/v1/')) return reportingApi(ns, req, base);
  if (req.path.startsWith('/data/v3/')) return dataApi(ns, req);
  if (req.path === '/analytics/v2/reports') return analyticsApi(ns, req);
  return googleError(404, `No fake for ${req.method} ${req.path}`, 'notFound');
}

/** The scenario's next planned failure of a path (failFirst), with Retry-After: 0 so no test waits. */
function nextFailure(ns: Namespace, path: string): FakeResponse | null {
  const status = ns.scenario.failFirst?.[path]?.shift();
  if (status === undefined) return null;
  const answer = googleError(
    status,
    status === 429 ? 'Rate limit exceeded.' : 'Backend Error',
    status === 429 ? 'rateLimitExceeded' : 'backendError',
  );
  return { ...answer, headers: { ...answer.headers, 'Retry-After': '0' } };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function handle(origin: string, req: FakeRequest): FakeResponse {
  // Fixture text for the tests' own independent sums (workerd tests cannot read files).
  if (req.path === '/__fixture') return { status: 200, body: readFixture(req.query.get('ref') ?? '') };
  const match = /^\/t\/([\w-]+)(\/.*)$/.exec(req.path);
  if (!match?.[1] || !match[2]) return googleError(404, 'expected /t/<namespace>/…', 'notFound');
  return route(namespace(match[1]), { ...req, path: match[2] }, `${origin}/t/${match[1]}`);
}

/**
 * Starts the fake on 127.0.0.1, on a free port unless one is given.
 * @example const fake = await startFakeGoogle(); ... await fake.close()
 */
export async function startFakeGoogle(port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  let origin = '';
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      let answer: FakeResponse;
      try {
        answer = handle(origin, {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: await readBody(req),
        });
      } catch (error) {
        answer = googleError(500, error instanceof Error ? error.message : String(error), 'backendError');
      }
      // Every answer closes its connection: a kept-alive one that Node drops after its idle timeout (5 s)
      // while workerd sends the next request on it fails that request ("Network connection lost").
      res.setHeader('Connection', 'close');
      res.writeHead(answer.status, answer.headers);
      if (answer.file) createReadStream(answer.file).pipe(res);
      else if (answer.cutAt === undefined) res.end(answer.body);
      else res.write(answer.body.slice(0, answer.cutAt), () => res.destroy());
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: origin, close: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))) };
}
