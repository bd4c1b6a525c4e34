import type * as React from "react";
import { Field } from "@/components/form/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";

/**
 * A labelled one-line input (or a textarea with `multiline`) holding a string: `onChange` gets the
 * new text. Other props (maxLength, placeholder, type…) go to the input.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  multiline = false,
  ...props
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
} & Omit<React.ComponentProps<"input"> & React.ComponentProps<"textarea">, "id" | "value" | "onChange">) {
  return (
    <Field id={id} label={label}>
      {multiline ? (
        <Textarea id={id} value={value} onChange={(e) => onChange(e.target.value)} {...props} />
      ) : (
        <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} {...props} />
      )}
    </Field>
  );
}
