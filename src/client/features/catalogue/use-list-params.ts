// The catalogue pages' search, category filter and sort live in the URL, so Back and shared links keep them.
import { useSearchParams } from 'react-router';

type Defaults = Record<string, string>;

export function useListParams<D extends Defaults>(defaults: D) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => [key, params.get(key) ?? fallback]),
  ) as { [K in keyof D]: string };

  /** One URL update for any number of keys; a value equal to its default leaves the URL. */
  const update = (patch: Partial<Record<keyof D, string>>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(patch) as [string, string | undefined][]) {
          if (value === undefined || value === defaults[key] || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return [values, update] as const;
}
