import * as React from "react";

/** The courses ticked for the bulk panel (ids; kept across pages until cleared). */
export function useCourseSelection() {
  const [selected, setSelected] = React.useState<ReadonlySet<string>>(() => new Set());

  const toggle = React.useCallback((id: string, checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const setMany = React.useCallback((ids: readonly string[], checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const clear = React.useCallback(() => setSelected(new Set()), []);

  return { selected, ids: React.useMemo(() => [...selected], [selected]), toggle, setMany, clear };
}
