import * as React from "react";
import { useSearchParams } from "react-router";

/**
 * A paginated list's page and filters kept in the address (?page=2&q=…&status=…), so reloading or
 * going back restores the view. `filters` maps each filter name to its query parameter and default
 * (a value equal to the default is left out of the address); pass a module-level constant. Changing
 * a filter returns to page 1.
 * @returns page (≥ 1), the current filter values, and setters.
 */
export function useListParams<F extends string>(filters: Record<F, { param: string; fallback: string }>) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const names = Object.keys(filters) as F[];
  const values = Object.fromEntries(
    names.map((name) => [name, params.get(filters[name].param) ?? filters[name].fallback]),
  ) as Record<F, string>;

  const update = React.useCallback(
    (changes: { page?: number } & Partial<Record<F, string>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string | undefined, fallback: string) => {
            if (value === undefined) return;
            if (value === fallback || value === "") next.delete(key);
            else next.set(key, value);
          };
          let filterChanged = false;
          for (const name of Object.keys(filters) as F[]) {
            const value = (changes as Partial<Record<F, string>>)[name];
            if (value !== undefined) filterChanged = true;
            set(filters[name].param, value, filters[name].fallback);
          }
          set(
            "page",
            changes.page !== undefined ? String(changes.page) : filterChanged ? "1" : undefined,
            "1",
          );
          return next;
        },
        { replace: true },
      );
    },
    [setParams, filters],
  );

  return {
    page,
    values,
    setPage: (value: number) => update({ page: value } as { page?: number } & Partial<Record<F, string>>),
    setFilter: (name: F, value: string) => update({ [name]: value } as Partial<Record<F, string>>),
    clearFilters: () =>
      update(
        Object.fromEntries(names.map((name) => [name, filters[name].fallback])) as Partial<Record<F, string>>,
      ),
  };
}
