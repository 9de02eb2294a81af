// Which network a file belongs to: --network, else the content owner id as a token of the file name.
import { expect, it } from 'vitest';
import { getReportType } from '../parse';
import { networkForFile, type NetworkDirectory } from './networks';

const directory: NetworkDirectory = {
  ids: new Set([1, 2, 3]),
  owners: [
    { id: 1, contentOwnerId: 'Brand' },
    { id: 2, contentOwnerId: 'abcDEF123_x' },
    { id: 3, contentOwnerId: 'BrandTwo' },
  ],
};
const basicOwner = getReportType('content_owner_basic_a4');
const basicChannel = getReportType('channel_basic_a3');

it('uses --network when given and refuses an unknown one', () => {
  if (!basicOwner || !basicChannel) throw new Error('report types missing');
  expect(networkForFile(directory, 'x.csv', basicOwner, 3)).toBe(3);
  expect(() => networkForFile(directory, 'x.csv', basicChannel, 9)).toThrow('x.csv: network 9 does not exist');
});

it('finds the network by a whole token of the name, not a part of a longer word', () => {
  if (!basicOwner || !basicChannel) throw new Error('report types missing');
  expect(networkForFile(directory, 'in/YouTube_Brand_M_20260201_video_raw_v1-1.csv', basicOwner, undefined)).toBe(1);
  expect(networkForFile(directory, 'content_owner_basic_a4_abcDEF123_x_20260301.csv.gz', basicOwner, undefined)).toBe(2);
  expect(networkForFile(directory, 'YouTube_BrandTwo_M_20260201.csv', basicOwner, undefined)).toBe(3);
  expect(() => networkForFile(directory, 'content_owner_basic_a4_Brands.csv', basicOwner, undefined)).toThrow(
    'content_owner_basic_a4 is a content-owner report and needs the network that owns its channels: pass --network <id>',
  );
  expect(networkForFile(directory, 'channel_basic_a3.csv', basicChannel, undefined)).toBeNull();
});
