// content_owner_active_claims_a1/a3 (daily snapshot): claims on uploads, the illegal-copies page.
import * as z from 'zod';
import * as s from '../schema-parts';
import { timestamp } from '../times';
import * as v from '../values';
import { snapshotFamily, type Family } from './family';

export const CLAIMS_REQUIRED = ['claim_id', 'video_id', 'claim_status'] as const;
export const CLAIMS_OPTIONAL = [
  'channel_id',
  'asset_id',
  'claim_status_detail',
  'claim_origin',
  'claim_type',
  'uploader',
  'channel_display_name',
  'video_title',
  'video_privacy_status',
  'views',
  'claim_policy_block',
  'claim_created_date',
  'video_upload_date',
  'reference_id',
  'reference_video_id',
  'claim_policy_id',
  'asset_policy_id',
  'custom_id',
] as const;
// Words that mean "nothing blocked" in a yes/no or territory-list column.
const NOT_BLOCKED = new Set(['', 'no', 'none', 'false', '0', 'n']);

export const claimRowSchema = z.object({
  claimId: s.id,
  videoId: s.id,
  /** Uploader's channel: the partner's own or a third party's (an illegal copy). */
  channelId: s.id.nullable(),
  assetId: z.string().nullable(),
  /** The partner's video the upload matched (Content ID reference), when the report names it. */
  referenceVideoId: z.string().nullable(),
  /** Lower case: 'active', 'inactive', 'pending' (other values are kept as sent). */
  claimStatus: s.id,
  claimStatusDetail: z.string().nullable(),
  claimOrigin: z.string().nullable(),
  claimType: z.string().nullable(),
  uploader: z.string().nullable(),
  channelTitle: z.string().nullable(),
  videoTitle: z.string().nullable(),
  videoPrivacyStatus: z.string().nullable(),
  views: s.count.nullable(),
  /** claim_policy_block as sent (a yes/no or the blocked territories). */
  claimPolicyBlock: z.string().nullable(),
  /** The claim's policy blocks the video somewhere. */
  blocked: z.boolean(),
  claimCreatedAt: s.isoTimestamp.nullable(),
  videoUploadedAt: s.isoTimestamp.nullable(),
});
export type ClaimRow = z.infer<typeof claimRowSchema>;

export const claimsFamily: Family<ClaimRow> = snapshotFamily(claimRowSchema, ({ req, opt }) => {
  const claim = req('claim_id', v.text);
  const video = req('video_id', v.text);
  const status = req('claim_status', v.text);
  const r = {
    channel: opt('channel_id', v.channelId),
    asset: opt('asset_id', v.optionalText),
    detail: opt('claim_status_detail', v.optionalText),
    origin: opt('claim_origin', v.optionalText),
    type: opt('claim_type', v.optionalText),
    uploader: opt('uploader', v.optionalText),
    channelTitle: opt('channel_display_name', v.optionalText),
    title: opt('video_title', v.optionalText),
    privacy: opt('video_privacy_status', v.optionalText),
    views: opt('views', v.count),
    block: opt('claim_policy_block', v.optionalText),
    created: opt('claim_created_date', timestamp),
    uploaded: opt('video_upload_date', timestamp),
    reference: opt('reference_video_id', v.optionalText),
  };
  return (f) => {
    const block = r.block(f);
    return {
      claimId: claim(f),
      videoId: video(f),
      channelId: r.channel(f),
      assetId: r.asset(f),
      referenceVideoId: r.reference(f),
      claimStatus: status(f).toLowerCase(),
      claimStatusDetail: r.detail(f),
      claimOrigin: r.origin(f),
      claimType: r.type(f),
      uploader: r.uploader(f),
      channelTitle: r.channelTitle(f),
      videoTitle: r.title(f),
      videoPrivacyStatus: r.privacy(f),
      views: r.views(f),
      claimPolicyBlock: block,
      blocked: block !== null && !NOT_BLOCKED.has(block.trim().toLowerCase()),
      claimCreatedAt: r.created(f),
      videoUploadedAt: r.uploaded(f),
    };
  };
});
