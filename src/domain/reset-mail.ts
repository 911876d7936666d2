import type { MailMessage } from './mail';

/** The password-reset e-mail; the link always uses APP_ORIGIN, never the request's Host. */
export const resetPasswordMail = (to: { email: string; firstName: string }, link: string, ttlMinutes: number): MailMessage => {
  const hours = ttlMinutes % 60 === 0 ? `${ttlMinutes / 60} hour${ttlMinutes === 60 ? '' : 's'}` : `${ttlMinutes} minutes`;
  const text = [
    `Hello ${to.firstName},`,
    '',
    'Someone (hopefully you) asked to reset the password of your Wellness Challenge account.',
    'Open this link to choose a new password:',
    '',
    link,
    '',
    `The link works once and expires in ${hours}. If you did not ask for it, ignore this e-mail: your password stays the same.`,
  ].join('\n');
  const escaped = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const name = to.firstName.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const html = `<p>Hello ${name},</p><p>Someone (hopefully you) asked to reset the password of your Wellness Challenge account.</p><p><a href="${escaped}">Choose a new password</a></p><p>The link works once and expires in ${hours}. If you did not ask for it, ignore this e-mail: your password stays the same.</p>`;
  return { to: to.email, subject: 'Reset your Wellness Challenge password', text, html };
};
