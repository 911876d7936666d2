import { deflateSync, inflateSync } from 'fflate';
import { z } from 'zod';
import { importSourceNames } from '@/contract/import-sources';
import { workoutFileErrors } from '@/domain/workout-file-errors';
import { IV_BYTES, decrypt, encrypt, keyFromText } from '../../http/aes-gcm';
import { base64UrlOf, bytesOfBase64Url, randomBytes, textOf, utf8 } from '../../http/bytes';

/**
 * What a workout-file preview showed, sealed for its 'Import' (AES-256-GCM under the server's
 * TOKEN_ENCRYPTION_KEY, deflated first): the workouts to write and the step days to tick, bound to
 * the employee and valid 30 minutes. The upload is read once and kept nowhere; the ticket cannot be
 * altered or used by anyone else, and importing it again changes nothing (the import is idempotent).
 */
const TICKET_TTL_MS = 30 * 60_000;
const VERSION = 'w1.';

const TicketWorkout = z.tuple([z.enum(importSourceNames), z.number().int(), z.string(), z.number(), z.string()]);
const Ticket = z.object({ user: z.number().int(), expires: z.number().int(), workouts: z.array(TicketWorkout), stepDays: z.array(z.string()) });

/** A workout in the ticket: source, start (ms), name, moving seconds, local day. */
export type TicketWorkout = z.infer<typeof TicketWorkout>;
export type TicketContents = { workouts: TicketWorkout[]; stepDays: string[] };

const keyOf = (secret: string) => keyFromText(`workout-import-ticket:${secret}`);

export const sealTicket = (secret: string, userId: number, now: Date, contents: TicketContents) => {
  const plain = deflateSync(utf8(JSON.stringify({ user: userId, expires: now.getTime() + TICKET_TTL_MS, ...contents })));
  const { iv, tag, ciphertext } = encrypt(keyOf(secret), randomBytes(IV_BYTES), plain);
  return `${VERSION}${base64UrlOf(iv)}.${base64UrlOf(tag)}.${base64UrlOf(ciphertext)}`;
};

/** The ticket's contents; a ticket altered, expired, sealed with another key or for someone else is refused alike. */
export const openTicket = (secret: string, userId: number, now: Date, ticket: string): TicketContents => {
  try {
    if (!ticket.startsWith(VERSION)) throw new Error('not a ticket');
    const [iv, tag, ciphertext] = ticket.slice(VERSION.length).split('.');
    const plain = decrypt(keyOf(secret), { iv: bytesOfBase64Url(iv ?? ''), tag: bytesOfBase64Url(tag ?? ''), ciphertext: bytesOfBase64Url(ciphertext ?? '') });
    const parsed = Ticket.parse(JSON.parse(textOf(inflateSync(plain))));
    if (parsed.user !== userId || parsed.expires <= now.getTime()) throw new Error('not this ticket');
    return { workouts: parsed.workouts, stepDays: parsed.stepDays };
  } catch {
    throw workoutFileErrors.previewExpired();
  }
};
