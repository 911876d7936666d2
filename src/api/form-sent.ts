import { serverFormErrors } from './form-errors';

/**
 * The writes a form sent, with the fields it shows a refusal on (docs/product-rules.md#toasts-and-errors):
 * a refusal the form shows beside its fields or above its buttons is not toasted as well. Keyed by
 * the variables object the form handed to `mutate`, so the same write sent elsewhere still toasts.
 * (Small on purpose: the login page loads it.)
 */
const sentByForms = new WeakMap<object, readonly string[]>();

export const markSentByForm = (variables: unknown, fieldNames: readonly string[]) => {
  if (variables instanceof Object) sentByForms.set(variables, fieldNames);
};

/** A write that wraps what the form handed it (a queued write adds its Idempotency-Key): the wrapper was sent by that form too. */
export const carrySentByForm = (from: unknown, to: unknown) => {
  const fieldNames = from instanceof Object && sentByForms.get(from);
  if (fieldNames) markSentByForm(to, fieldNames);
};

/** Whether the form that sent these variables shows this error itself. */
export const isShownByForm = (error: unknown, variables: unknown) => {
  const fieldNames = variables instanceof Object && sentByForms.get(variables);
  if (!fieldNames) return false;
  const { fields, form } = serverFormErrors(error, fieldNames);
  return fields.length + form.length > 0;
};
