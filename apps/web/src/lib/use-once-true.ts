import * as React from "react";

/**
 * True from the first render where `condition` holds, for the rest of the component's life: a
 * dialog loaded on first use stays mounted after, so it closes with its animation.
 */
export function useOnceTrue(condition: boolean): boolean {
  const [seen, setSeen] = React.useState(condition);
  if (condition && !seen) setSeen(true);
  return seen || condition;
}
