import * as React from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** The series chart (recharts), loaded with the first tab that draws one. */
export const Charts = React.lazy(() => import("./charts").then((m) => ({ default: m.SeriesChart })));
/** The activity heatmap, loaded with the Engagement tab. */
export const HeatmapChart = React.lazy(() => import("./charts").then((m) => ({ default: m.Heatmap })));

/** A titled card of an analytics tab, with an optional help line under the title. */
export function Section({
  title,
  help,
  children,
  testId,
}: {
  title: string;
  help?: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Card className="min-w-0" data-testid={testId}>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
        {help ? <p className="text-sm text-muted-foreground">{help}</p> : null}
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}

/** The "Message" action of a struggling student (rendered by the page, which composes messaging). */
export const MessageActionContext = React.createContext<
  (p: { courseId: string; studentId: string }) => React.ReactNode
>(() => null);
/** Renders the page's "Message" action (MessageActionContext) for one student of one course. */
export function MessageAction(p: { courseId: string; studentId: string }) {
  const render = React.useContext(MessageActionContext);
  return <span className="shrink-0">{render(p)}</span>;
}
