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
