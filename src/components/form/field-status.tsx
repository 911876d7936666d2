import './field-status.css';
import type { FieldError } from 'react-hook-form';

type FieldState = { error?: FieldError; isTouched: boolean; isDirty?: boolean; isValidating?: boolean };

/**
 * docs/product-rules.md#forms-and-validation-messages: a field shows valid or invalid once touched (or once the form was submitted):
 * the error text in red, or a green check.
 */
export const fieldStatus = (state: FieldState, submitted: boolean, { withIcon = true }: { withIcon?: boolean } = {}) => {
  const shown = state.isTouched || submitted;
  if (!shown) return {};
  if (state.error) {
    return withIcon ? { error: state.error.message, rightSection: <span className="field-status-icon" data-status="invalid" aria-hidden /> } : { error: state.error.message };
  }
  // Not valid before the check has answered (the login page's schema loads on the first blur): an
  // empty e-mail left with Tab must not flash green before it turns red.
  if (state.isValidating) return {};
  // Password inputs and selects keep their own right section (eye toggle, chevron).
  const valid = { styles: { input: { borderColor: 'var(--mantine-color-teal-6)' } } };
  return withIcon ? { ...valid, rightSection: <span className="field-status-icon" data-status="valid" aria-hidden /> } : valid;
};
