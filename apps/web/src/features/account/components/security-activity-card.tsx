import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { QueryList } from "@/components/list-states";
import { SecurityEventRow } from "@/components/security-event-row";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { securityEventsQueryOptions } from "../api/account";

/**
 * "Recent security activity" (issue 25 item 7): the person's own security events — sign-ins from
 * new devices, payment-method and seller-detail changes, two-factor changes — 10 a page.
 */
export function SecurityActivityCard() {
  const { t } = useTranslation("account");
  const [page, setPage] = React.useState(1);
  const events = useQuery(securityEventsQueryOptions(page));
  return (
    <Card id="security-activity">
      <CardHeader>
        <CardTitle>{t("securityActivity.title")}</CardTitle>
        <CardDescription>{t("securityActivity.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <QueryList
          pending={events.isPending}
          items={events.data?.events}
          empty={t("securityActivity.empty")}
          paging={{
            data: events.data,
            page,
            onPageChange: setPage,
            label: t("securityActivity.title"),
          }}
        >
          {events.data?.events.length ? (
            <ul className="flex flex-col gap-2">
              {events.data.events.map((event) => (
                <SecurityEventRow key={event.id} event={event} />
              ))}
            </ul>
          ) : null}
        </QueryList>
      </CardContent>
    </Card>
  );
}
