// Which network owns the channels of a file: --network, or the content owner id in the file's name.
import { raw } from '../../db/sql';
import { all } from '../../db/query';
import { ReportError, type ReportType } from '../parse';

interface NetworkRow {
  id: number;
  content_owner_id: string | null;
}

/** The networks an import can attribute files to, read once per import. */
export interface NetworkDirectory {
  readonly ids: ReadonlySet<number>;
  readonly owners: ReadonlyArray<{ readonly id: number; readonly contentOwnerId: string }>;
}

export async function loadNetworks(db: D1Database): Promise<NetworkDirectory> {
  const results = await all<NetworkRow>(db, raw('SELECT id, content_owner_id FROM networks'), 'sql');
  return {
    ids: new Set(results.map((n) => n.id)),
    owners: results.flatMap((n) => (n.content_owner_id ? [{ id: n.id, contentOwnerId: n.content_owner_id }] : [])),
  };
}

const ALPHANUMERIC = /[A-Za-z0-9]/;

/** True when `token` appears in `name` with no letter or digit right before or after it. */
function containsToken(name: string, token: string): boolean {
  for (let at = name.indexOf(token); at >= 0; at = name.indexOf(token, at + 1)) {
    const before = at === 0 ? '' : name.charAt(at - 1);
    const after = name.charAt(at + token.length);
    if (!ALPHANUMERIC.test(before) && !ALPHANUMERIC.test(after)) return true;
  }
  return false;
}

/**
 * The network of a file, or null (a channel report without --network: new channels get no network).
 * Content-owner reports need one: --network, else the one network whose content owner id the file
 * name carries (Studio downloads are named YouTube_<owner>_M_...).
 * @example networkForFile(directory, 'YouTube_Brand_M_20260201_video_raw_v1-1.csv', type, undefined)
 */
export function networkForFile(
  directory: NetworkDirectory,
  fileName: string,
  type: ReportType,
  networkId: number | undefined,
): number | null {
  if (networkId !== undefined) {
    if (!directory.ids.has(networkId)) throw new ReportError(fileName, null, `network ${networkId} does not exist`);
    return networkId;
  }
  if (type.scope === 'channel') return null;
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const matches = directory.owners.filter((n) => containsToken(base, n.contentOwnerId));
  if (matches.length === 1 && matches[0]) return matches[0].id;
  const why =
    matches.length > 1
      ? `the file name matches the content owners of networks ${matches.map((n) => n.id).join(', ')}`
      : "no network's content owner id appears in the file name";
  throw new ReportError(
    fileName,
    null,
    `${type.id} is a content-owner report and needs the network that owns its channels: pass --network <id> (${why})`,
  );
}
