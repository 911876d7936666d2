import type { MailMessage } from './mail';

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const hoursText = (hours: number) => (hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`);

/** The mail of a self-made account: one link that confirms the address (APP_ORIGIN, never the request's Host). */
export const confirmEmailMail = (to: { email: string; firstName: string }, link: string, ttlHours: number): MailMessage => {
  const expiry = `The link works once and expires in ${hoursText(ttlHours)}. If you did not create this account, ignore this e-mail.`;
  const text = [`Hello ${to.firstName},`, '', 'Welcome to the Wellness Challenge. Open this link to confirm your e-mail address:', '', link, '', 'Until then your colleagues do not see you in the feed or on the leaderboard.', expiry].join('\n');
  const html = `<p>Hello ${escapeHtml(to.firstName)},</p><p>Welcome to the Wellness Challenge. Please confirm your e-mail address:</p><p><a href="${escapeHtml(link)}">Confirm my e-mail address</a></p><p>Until then your colleagues do not see you in the feed or on the leaderboard.</p><p>${expiry}</p>`;
  return { to: to.email, subject: 'Confirm your Wellness Challenge e-mail address', text, html };
};

/** A changed address, mailed to the new one: the account keeps its old address until the link is opened. */
export const confirmEmailChangeMail = (to: { email: string; firstName: string }, link: string, ttlHours: number): MailMessage => {
  const expiry = `The link works once and expires in ${hoursText(ttlHours)}. If you did not ask for this, ignore this e-mail: nothing changes.`;
  const text = [`Hello ${to.firstName},`, '', 'Open this link to make this your Wellness Challenge e-mail address:', '', link, '', 'Until then you sign in with your current address.', expiry].join('\n');
  const html = `<p>Hello ${escapeHtml(to.firstName)},</p><p>Please confirm your new Wellness Challenge e-mail address:</p><p><a href="${escapeHtml(link)}">Use this e-mail address</a></p><p>Until then you sign in with your current address.</p><p>${expiry}</p>`;
  return { to: to.email, subject: 'Confirm your new Wellness Challenge e-mail address', text, html };
};

/** The invitation: a link to set a password and complete the profile. */
export const invitationMail = (to: { email: string; firstName: string }, link: string, ttlDays: number): MailMessage => {
  const expiry = `The link expires in ${ttlDays} day${ttlDays === 1 ? '' : 's'}; ask your administrator for a new one after that.`;
  const text = [`Hello ${to.firstName},`, '', 'You are invited to the Wellness Challenge. Open this link to set your password and complete your profile:', '', link, '', expiry].join('\n');
  const html = `<p>Hello ${escapeHtml(to.firstName)},</p><p>You are invited to the Wellness Challenge.</p><p><a href="${escapeHtml(link)}">Set my password and complete my profile</a></p><p>${expiry}</p>`;
  return { to: to.email, subject: 'You are invited to the Wellness Challenge', text, html };
};

export const EMAIL_CONFIRMED_MESSAGE = 'Your e-mail address is confirmed';
export const EMAIL_CHANGED_MESSAGE = 'Your e-mail address is changed: sign in with the new one from now on';
export const CONFIRMATION_SENT_MESSAGE = 'We sent a new confirmation link to your e-mail address';
export const INVALID_CONFIRMATION_MESSAGE = 'This confirmation link is invalid or has expired';
