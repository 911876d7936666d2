/** The one form wrapper of the SPA (docs/architecture.md#conventions): every form of a feature is built on it. */
export { useSchemaForm, type SchemaForm, type SchemaFormOptions, type SubmitMutation } from './use-schema-form';
export { FormAlert } from './form-alert';
export { fieldStatus } from './field-status';
export { selectOnFocus } from './select-on-focus';
