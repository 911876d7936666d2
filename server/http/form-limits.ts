import { PHOTO_MAX_BYTES } from '@/contract/fields';

/** The limits of a multipart form (sign-up, profile, invitation, SSO profile), on both hosts. */
export const FORM_LIMITS = { files: 1, fileSize: PHOTO_MAX_BYTES, fields: 20, fieldSize: 10_000, parts: 21, headerPairs: 100 } as const;
