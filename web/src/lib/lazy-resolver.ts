import { useCallback, useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { whenIdleAfterLoad } from '../components/ui/deferred-menu';

const loading = new Map<() => Promise<unknown>, Promise<unknown>>();

function get<T>(load: () => Promise<T>): Promise<T> {
  let promise = loading.get(load) as Promise<T> | undefined;
  if (!promise) {
    promise = load();
    promise.catch(() => loading.delete(load)); // a failed chunk is asked for again next time
    loading.set(load, promise);
  }
  return promise;
}

/**
 * A form's resolver from a module loaded after the first paint: zod and the shared schemas are a
 * third of the sign-in page's code, and nobody submits a form before it has painted. The module is
 * asked for when the page is idle after loading, or at the first validation if that comes sooner.
 * `load` must be a module-level function (it keys the load).
 */
export function useLazyResolver<TInput extends FieldValues, TOutput = TInput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): Resolver<TInput, unknown, TOutput> {
  useEffect(() => whenIdleAfterLoad(() => void get(load).catch(() => undefined)), [load]);
  return useCallback<Resolver<TInput, unknown, TOutput>>(
    async (values, context, options) => (await get(load))(values, context, options),
    [load],
  );
}
