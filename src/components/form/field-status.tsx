import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { FieldError } from 'react-hook-form';

type FieldState = { error?: FieldError; isTouched: boolean; isDirty?: boolean };

/**
 * docs/product-rules.md#forms-and-validation-messages: a field shows valid or invalid once touched (or once the form was submitted):
 * the error text in red, or a green check.
 */
export const fieldStatus = (state: FieldState, submitted: boolean, { withIcon = true }: { withIcon?: boolean } = {}) => {
  const shown = state.isTouched || submitted;
  if (!shown) return {};
  if (state.error) {
    return withIcon ? { error: state.error.message, rightSection: <IconAlertCircle size={18} color="var(--mantine-color-red-6)" aria-hidden /> } : { error: state.error.message };
  }
  // Password inputs and selects keep their own right section (eye toggle, chevron).
  const valid = { styles: { input: { borderColor: 'var(--mantine-color-teal-6)' } } };
  return withIcon ? { ...valid, rightSection: <IconCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden /> } : valid;
};
