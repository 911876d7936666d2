import type { AppDeps } from '../../deps';
import { resetPasswordMail } from '@/domain/reset-mail';
import { authRepo } from './repo';
import { randomToken, sha256 } from '../../http/tokens';

/**
 * Issues a single-use reset token (256 random bits, stored hashed, RESET_TOKEN_TTL_MINUTES) and
 * mails the link `${APP_ORIGIN}/reset-password?token=...`. Used by forgot-password and by the
 * admin's "Reset password" action. The raw token exists only in the mail.
 */
export const sendPasswordResetMail = async (deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer'>, user: { id: number; email: string; firstName: string }) => {
  const now = deps.clock.now();
  const token = randomToken(32);
  await authRepo(deps.db).insertResetToken({
    userId: user.id,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.config.resetTokenTtlMinutes * 60 * 1000),
  });
  const link = `${deps.config.appOrigin}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(resetPasswordMail(user, link, deps.config.resetTokenTtlMinutes));
};
