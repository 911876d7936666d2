import type { Gender } from '../api/contract/common';

/** 'female' -> 'Female' as people read it (screens and CSV exports); the stored value stays lower-case (docs/product-rules.md#users-management). */
export const genderLabel = (gender: Gender) => gender[0]!.toUpperCase() + gender.slice(1);
