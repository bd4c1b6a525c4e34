import * as React from "react";
import { type BlockerFunction, useBlocker } from "react-router";

/**
 * Warns before leaving with unsaved changes: the browser's prompt on reload or close
 * (`beforeunload`) and a blocked in-app navigation the builder confirms (`useBlocker`). `dirtyRef`
 * is read at navigation time, so the move from builder (new) to builder/{id} after a save passes.
 */
export function useLeaveGuard(dirty: boolean, dirtyRef: React.RefObject<boolean>) {
  React.useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const shouldBlock = React.useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      Boolean(dirtyRef.current) && currentLocation.pathname !== nextLocation.pathname,
    [dirtyRef],
  );
  return useBlocker(shouldBlock);
}
