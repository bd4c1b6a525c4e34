import type * as React from "react";
import { NativeSelect } from "@/components/ui/native-select";

/**
 * A native select of fixed string `options`, each shown as `labelOf(option)`. Other props (value,
 * onChange, aria-label, id…) go to the select; `children` come before the options (e.g. an "All").
 */
export function OptionsSelect<T extends string>({
  options,
  labelOf,
  children,
  ...props
}: {
  options: readonly T[];
  labelOf: (option: T) => string;
} & React.ComponentProps<"select">) {
  return (
    <NativeSelect {...props}>
      {children}
      {options.map((option) => (
        <option key={option} value={option}>
          {labelOf(option)}
        </option>
      ))}
    </NativeSelect>
  );
}
