import type { FocusEvent } from 'react';

/**
 * For a field that starts with a value (moving time's 1): focusing it selects that value, so typing
 * 45 gives 45, not 145. Deferred a turn, because a click places the caret after the focus event.
 */
export const selectOnFocus = (event: FocusEvent<HTMLInputElement>) => {
  const input = event.currentTarget;
  setTimeout(() => {
    if (document.activeElement === input) input.select();
  }, 0);
};
