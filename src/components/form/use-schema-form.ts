import { useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Mode, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { resolverOf } from './schema-resolver';
import { serverFormErrors } from '../../api/form-errors';
import { markSentByForm } from '../../api/form-sent';
import { fieldStatus } from './field-status';

/** What a form needs of a mutation (TanStack Query's `useMutation` result, or `useApiMutation`'s). */
export type SubmitMutation<TVars, TData> = {
  mutate: (variables: TVars, callbacks?: { onSuccess?: (data: TData) => void; onError?: (error: Error) => void }) => void;
  isPending: boolean;
};

export type SchemaFormOptions<TIn extends FieldValues, TOut extends FieldValues, TVars, TData> = {
  /**
   * The contract's form schema: validates and produces what is sent. Or a loader of it, for a form
   * on the first load (the login page): zod and the contract are fetched when the form first
   * validates (or earlier, when the caller preloads them), not with the page.
   */
  schema: $ZodType<TOut, TIn> | (() => Promise<$ZodType<TOut, TIn>>);
  defaultValues: DefaultValues<TIn>;
  /** When fields validate: 'onTouched' for the forms that show valid/invalid once touched (docs/product-rules.md#forms-and-validation-messages). */
  mode?: Mode;
  /** The submit mutation; its 400 issues land on the fields, it is not sent twice while pending. */
  mutation?: SubmitMutation<TVars, TData>;
  /** The mutation's variables from the valid values (default: the values themselves); the form is there for e.g. its dirty fields. */
  toVariables?: (values: TOut, form: UseFormReturn<TIn>) => TVars;
  /** A form without a server call of its own (e.g. a dialog that hands the value up). */
  onValid?: (values: TOut) => void;
  onSuccess?: (data: TData, values: TOut) => void;
  onError?: (error: Error) => void;
};

export type SchemaForm<TIn extends FieldValues> = {
  form: UseFormReturn<TIn>;
  /** The `<form onSubmit>` handler: validate, send, map a refusal. */
  onSubmit: (event?: FormEvent) => Promise<void>;
  /** Server messages that concern no field of this form (shown by `<FormAlert>`). */
  formErrors: string[];
  /** True while the mutation runs: submit buttons are disabled. */
  pending: boolean;
  /** register() plus the field's state as Mantine props: `error` (wired to aria-invalid and aria-describedby) or the valid look once touched. */
  field: (name: Path<TIn>, options?: { withIcon?: boolean }) => ReturnType<UseFormReturn<TIn>['register']> & ReturnType<typeof fieldStatus>;
  /** Just the field's error message (for custom inputs). */
  errorOf: (name: Path<TIn>) => string | undefined;
  /**
   * A field whose input is not a plain DOM input (Select, NumberInput, Radio.Group): value, onChange
   * (given the value), onBlur, a focusable ref and the error (spread them onto the input), wired through register() so the form's
   * mode (validation, dirty and touched state) applies as to any field. Used instead of RHF's
   * Controller, which would put Controller, useController and useWatch on the login page's first load.
   */
  controlled: <V = unknown>(name: Path<TIn>) => {
    name: string;
    value: V;
    onChange: (value: unknown) => void;
    onBlur: () => void;
    ref: (element: HTMLElement | null) => void;
    error: string | undefined;
  };
};

/**
 * The one form pattern of the SPA: react-hook-form with the zod resolver, default values,
 * and a submit mutation whose refusal (a 400's issues, a field-specific code) is shown on the
 * fields it names, the rest above the buttons. Light on purpose: the login form uses it on the first
 * load, so it imports react-hook-form alone (zod and the resolver come with the schema).
 */
export function useSchemaForm<TIn extends FieldValues, TOut extends FieldValues, TVars = TOut, TData = unknown>(
  options: SchemaFormOptions<TIn, TOut, TVars, TData>,
): SchemaForm<TIn> {
  const [resolver] = useState<Resolver<TIn, unknown, TOut>>(() => resolverOf(options.schema));
  const form = useForm<TIn, unknown, TOut>({ resolver, mode: options.mode ?? 'onSubmit', defaultValues: options.defaultValues });
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const pending = options.mutation?.isPending ?? false;
  const fieldNames = Object.keys(options.defaultValues as object);

  const showRefusal = (error: Error) => {
    const shown = serverFormErrors(error, fieldNames);
    shown.fields.forEach(({ name, message }, index) => form.setError(name as Path<TIn>, { type: 'server', message }, { shouldFocus: index === 0 }));
    setFormErrors(shown.form);
    options.onError?.(error);
  };

  const onSubmit = form.handleSubmit((values) => {
    setFormErrors([]);
    if (!options.mutation) return options.onValid?.(values);
    if (pending) return;
    const variables = options.toVariables ? options.toVariables(values, form as unknown as UseFormReturn<TIn>) : (values as unknown as TVars);
    markSentByForm(variables, fieldNames);
    options.mutation.mutate(variables, { onSuccess: (data) => options.onSuccess?.(data, values), onError: showRefusal });
  });

  const errorOf = (name: Path<TIn>) => form.getFieldState(name, form.formState).error?.message;

  return {
    form: form as unknown as UseFormReturn<TIn>,
    onSubmit,
    formErrors,
    pending,
    field: (name, fieldOptions) => ({ ...form.register(name), ...fieldStatus(form.getFieldState(name, form.formState), form.formState.isSubmitted, fieldOptions) }),
    errorOf,
    controlled: <V,>(name: Path<TIn>) => {
      const registered = form.register(name);
      return {
        name,
        // watch() re-renders the form when this field changes, as a controlled input needs (useWatch
        // would bring Controller's module code back to the first load).
        // eslint-disable-next-line react-hooks/incompatible-library
        value: form.watch(name) as V,
        // register()'s handlers read `target.value` when the target has no `type` (not a DOM input).
        onChange: (value) => void registered.onChange({ target: { name, value }, type: 'change' }),
        onBlur: () => void registered.onBlur({ target: { name, value: form.getValues(name) }, type: 'blur' }),
        ref: (element: HTMLElement | null) => {
          if (element) registered.ref({ focus: () => element.focus() });
        },
        error: errorOf(name),
      };
    },
  };
}
