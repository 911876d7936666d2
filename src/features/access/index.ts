/** The access feature's public surface, used by routes. */
export { ConfirmEmailBanner } from './components/confirm-email-banner';
export { ConfirmEmailScreen } from './components/confirm-email-screen';
export { InvitationsScreen } from './components/invitations-screen';
export { AcceptInvitationScreen } from './components/accept-invitation-screen';
export { PendingEmailNote } from './components/pending-email-note';
