import { z } from 'zod';
import { Gender, LevelOfCompetition, hasControlCharacter, parseIsoDay } from './common';
import { toIsoDay } from '../../domain/days';

/** Field schemas with the exact messages of docs/product-rules.md#forms-and-validation-messages, shared by forms and server. */

export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const OLDEST_BIRTH_DATE = '1900-01-01';

/** `name@localhost` is accepted too: the generated first admin is admin@localhost (docs/configuration.md#origin-mail-and-first-admin). */
const LOCALHOST_EMAIL = /^[A-Za-z0-9._%+-]+@localhost$/i;
const emailAddress = z.email('Email is invalid');

const emailWith = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(EMAIL_MAX, 'Email is invalid')
    .pipe(z.string().refine((value) => LOCALHOST_EMAIL.test(value) || emailAddress.safeParse(value).success, 'Email is invalid'))
    .transform((value) => value.toLowerCase());

export const email = emailWith('Please enter your email');

/** Sign-in only checks presence: old passwords may predate today's rules. */
export const loginPassword = z.string('Please enter your password').min(1, 'Please enter your password').max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const newPassword = z
  .string('Please enter your password')
  .min(1, 'Please enter your password')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const confirmPassword = z.string('Please enter your confirmation password').min(1, 'Please enter your confirmation password');

const nameWith = (label: 'First name' | 'Last name', required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`)
    .refine((value) => !hasControlCharacter(value), `${label} must not contain control characters`);

export const firstName = nameWith('First name', 'Please enter your first name');
export const lastName = nameWith('Last name', 'Please enter your last name');

/** The same fields about someone else (an admin's invitation, a roster row): 'your' would address the admin. */
export const inviteeFirstName = nameWith('First name', "Please enter the person's first name");
export const inviteeLastName = nameWith('Last name', "Please enter the person's last name");
export const inviteeEmail = emailWith("Please enter the person's email");

const todayUtc = () => toIsoDay(new Date());

export const dateOfBirth = z
  .string('Please enter choose your date of birth')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter choose your date of birth')
  .refine((value) => parseIsoDay(value) !== null && value >= OLDEST_BIRTH_DATE && value <= todayUtc(), 'Please enter choose your date of birth');

export const gender = Gender;
export const levelOfCompetition = LevelOfCompetition;

/** Multipart and query strings carry booleans as text. */
export const booleanish = (message: string) =>
  z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean(message));

export const PHOTO_MAX_BYTES = 1_000_000;
export const PHOTO_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
export const PHOTO_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const PHOTO_TOO_LARGE_MESSAGE = 'The size of your photo is more than 1 MB';
