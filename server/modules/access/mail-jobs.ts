import type { AppDeps } from '../../deps';
import { sendConfirmationMail } from './confirmation';
import { mailInvitations } from './invitations';

/** The access module's mails go out from jobs (retried while SMTP is down), as in modules/auth/mail-jobs.ts. */
export const registerAccessMailJobs = (deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'jobs'>) => {
  deps.jobs.work('mail.confirm-email', async ({ userId }) => sendConfirmationMail(deps, userId));
  deps.jobs.work('mail.invitations', async ({ ids }) => mailInvitations(deps, ids));
};
