import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LaptopIcon, SmartphoneIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { deviceName } from "@/lib/device-name";
import { formatDate } from "@/lib/format";
import { sessionsQueryOptions, useRevokeSessions } from "../api/account";

/**
 * The signed-in devices card: each session (browser and OS from the user agent, IP, last active,
 * "this device") with "Sign out", "Sign out all other devices", and "Sign out everywhere" (confirmed).
 */
export function SessionsCard() {
  const { t, i18n } = useTranslation("account");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQueryOptions);
  const revoke = useRevokeSessions();
  const everywhere = () =>
    revoke.mutate(
      { all: true },
      {
        onSuccess: () => {
          queryClient.clear();
          toast.success(t("sessions.signedOut"));
          navigate("/auth?tab=signin", { replace: true });
        },
        onError: () => toast.error(t("sessions.failed")),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("sessions.title")}</CardTitle>
        <CardDescription>{t("sessions.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : sessions.data?.sessions.length ? (
          <ul className="grid divide-y rounded-md border" data-testid="sessions-list">
            {sessions.data.sessions.map((s) => {
              const mobile = /Mobile|Android|iPhone/.test(s.userAgent ?? "");
              const Icon = mobile ? SmartphoneIcon : LaptopIcon;
              return (
                <li key={s.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="session-row">
                  <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                      <span className="break-words">
                        {deviceName(s.userAgent) ?? t("sessions.unknownDevice")}
                      </span>
                      {s.current ? <Badge variant="secondary">{t("sessions.thisDevice")}</Badge> : null}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {t("sessions.lastActive", { date: formatDate(s.lastActiveAt, i18n.language) })}
                      {s.ipAddress ? ` · ${s.ipAddress}` : ""}
                    </p>
                  </div>
                  {s.current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={revoke.isPending}
                      onClick={() =>
                        revoke.mutate(
                          { id: s.id },
                          {
                            onSuccess: () => toast.success(t("sessions.signedOut")),
                            onError: () => toast.error(t("sessions.failed")),
                          },
                        )
                      }
                    >
                      {t("sessions.signOut")}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("sessions.empty")}</p>
        )}
        <div className="flex flex-wrap gap-2">
          {(sessions.data?.sessions.filter((s) => !s.current).length ?? 0) > 0 ? (
            <Button
              variant="outline"
              disabled={revoke.isPending}
              data-testid="sign-out-others"
              onClick={() =>
                revoke.mutate(
                  { others: true },
                  {
                    onSuccess: () => toast.success(t("sessions.signedOutOthers")),
                    onError: () => toast.error(t("sessions.failed")),
                  },
                )
              }
            >
              {t("sessions.signOutOthers")}
            </Button>
          ) : null}
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="outline" data-testid="sign-out-everywhere">
                {t("sessions.signOutEverywhere")}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{t("sessions.confirmTitle")}</AlertDialogTitle>
                <AlertDialogDescription>{t("sessions.confirmText")}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t("sessions.cancel")}</AlertDialogCancel>
                <AlertDialogAction onClick={everywhere}>{t("sessions.confirm")}</AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      </CardContent>
    </Card>
  );
}
