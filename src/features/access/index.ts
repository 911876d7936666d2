/** The access feature's public surface, used by routes. */
export { ConfirmEmailBanner } from './components/confirm-email-banner';
export { ConfirmEmailScreen } from './components/confirm-email-screen';
