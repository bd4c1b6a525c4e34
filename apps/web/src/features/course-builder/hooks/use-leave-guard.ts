import * as React from "react";
import { type BlockerFunction, useBlocker } from "react-router";

/**
 * Warns before leaving with unsaved changes: the browser's own prompt on reload, close or an
 * outside link (`beforeunload`), and a blocked in-app navigation the page confirms (`useBlocker`).
 * `dirtyRef` is read at navigation time, so a navigation right after a save goes through.
 */
export function useLeaveGuard(dirty: boolean, dirtyRef: React.RefObject<boolean>) {
  React.useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const shouldBlock = React.useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      Boolean(dirtyRef.current) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [dirtyRef],
  );
  return useBlocker(shouldBlock);
}
