import { sendPasswordResetMail } from './password-reset';
import type { AppDeps } from '../../deps';
import { usersRepo } from '../users/repo';

/**
 * Mails go out from jobs: the answer never waits for SMTP, and a failing mail server is retried
 * with backoff. Each attempt issues its own reset link (the raw token lives only in the mail, never
 * in the job row); links of failed attempts were never delivered and expire unused.
 */
export const registerMailJobs = (deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'jobs'>) => {
  const users = usersRepo(deps.db);
  deps.jobs.work('mail.forgot-password', async ({ email }) => {
    const user = await users.findUserRowByEmail(email);
    if (user) await sendPasswordResetMail(deps, user);
  });
  deps.jobs.work('mail.password-reset', async ({ userId }) => {
    const user = await users.findUserRowById(userId); // deleted meanwhile: nothing to send
    if (user) await sendPasswordResetMail(deps, user);
  });
};
