// A request to a Viewdeck server from a command: a server that cannot be reached says what to do, not "fetch failed".

/**
 * fetch, with a connection failure (nothing listening, a wrong address, DNS) thrown as an error that names
 * the address and what to do next.
 * @example const res = await reach(new URL('/api/admin/networks', url), { method: 'POST', body })
 */
export async function reach(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(
      `could not reach ${url.origin} (${cause}): start the local server with npm start, or name a running instance with --remote <url>.`,
      { cause: error },
    );
  }
}

/** Server text quoted in a command's message: a whole HTML error page is not a message. */
const QUOTED_TEXT_MAX = 300;

/**
 * The `data` of an API answer, or an error with the server's reason: its `error` when it answered the JSON
 * envelope, else the start of its text (a misconfigured worker or a proxy answers plain text or HTML).
 * `context` starts the message ("https://x answered 409 to uploads: ").
 * @example return answerOf<T>(await reach(url, init))
 */
export async function answerOf<T>(res: Response, context = ''): Promise<T> {
  const text = await res.text();
  let answer: { data?: T; error?: unknown } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    // Not JSON: the reason is the text itself.
  }
  if (res.ok && answer.data !== undefined) return answer.data;
  const reason =
    typeof answer.error === 'string' ? answer.error : text.trim().slice(0, QUOTED_TEXT_MAX) || `the server answered ${res.status}`;
  throw new Error(`${context}${reason}`);
}
