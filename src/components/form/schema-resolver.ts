import type * as ZodResolverModule from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

type Schema<TIn, TOut> = $ZodType<TOut, TIn>;

let zodResolverModule: Promise<typeof ZodResolverModule> | null = null;
/** @hookform/resolvers' zod resolver, fetched with the first schema (it is only needed once a form validates). */
const loadZodResolver = () => (zodResolverModule ??= import('@hookform/resolvers/zod'));

/**
 * react-hook-form's resolver of a zod schema (classic or mini) that is given, or loaded on the first
 * validation. The schema and resolver are awaited once, then every validation runs through them.
 */
export const resolverOf = <TIn extends FieldValues, TOut extends FieldValues>(schema: Schema<TIn, TOut> | (() => Promise<Schema<TIn, TOut>>)): Resolver<TIn, unknown, TOut> => {
  let ready: Promise<Resolver<TIn, unknown, TOut>> | null = null;
  const load = () =>
    (ready ??= Promise.all([typeof schema === 'function' ? schema() : Promise.resolve(schema), loadZodResolver()]).then(
      ([loaded, { zodResolver }]) => zodResolver(loaded) as unknown as Resolver<TIn, unknown, TOut>,
    ));
  return async (values, context, options) => (await load())(values, context, options);
};
