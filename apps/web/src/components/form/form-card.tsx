import type * as React from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** A card with a title over a form (the "Add …" / "Edit …" panels beside a list). */
export function FormCard({
  title,
  children,
  ...props
}: { title: string; children: React.ReactNode } & Omit<React.ComponentProps<typeof Card>, "title">) {
  return (
    <Card {...props}>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
