import { useQuery } from "@tanstack/react-query";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import {
  buddyBlocksQueryOptions,
  buddyOverviewQueryOptions,
  buddyPreferencesQueryOptions,
  buddySuggestionsQueryOptions,
  useUnblockUser,
} from "../api/study-buddies";
import { PreferencesCard } from "./buddy-preferences-card";
import { BuddyRow, PersonLine, RequestRow, SuggestionCard } from "./buddy-rows";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

const emptyClass =
  "rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground";

/**
 * The Study Buddies tab (spec 000 §2; issue 13 §5): preferences, requests, buddies (message,
 * remove after confirmation, block), ranked suggestions with their reasons, and blocked people.
 * `onOpenConversation` opens a conversation in the Messages tab (the page composes).
 */
export function StudyBuddiesTab({ onOpenConversation }: { onOpenConversation: (id: string) => void }) {
  const { t } = useTranslation("buddies");
  const prefs = useQuery(buddyPreferencesQueryOptions);
  const overview = useQuery(buddyOverviewQueryOptions);
  const suggestions = useQuery({ ...buddySuggestionsQueryOptions, enabled: Boolean(prefs.data?.visible) });
  const blocks = useQuery(buddyBlocksQueryOptions);
  const unblock = useUnblockUser();

  if (prefs.isPending || overview.isPending) return <Spinner label={t("loading")} />;
  if (prefs.isError || overview.isError)
    return (
      <p role="alert" className={emptyClass}>
        {t("error")}
      </p>
    );
  const { buddies, incoming, outgoing } = overview.data;
  return (
    // Phones: requests and buddies, suggestions, then the form; wide screens: the form under the
    // lists on the left, suggestions on the right.
    <div
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]"
      data-testid="study-buddies"
    >
      <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
        <Section title={t("requests.incoming")}>
          {incoming.length === 0 ? (
            <p className={emptyClass}>{t("requests.emptyIncoming")}</p>
          ) : (
            <ul className="divide-y divide-border">
              {incoming.map((l) => (
                <RequestRow key={l.id} link={l} />
              ))}
            </ul>
          )}
        </Section>
        <Section title={t("mine.title")}>
          {buddies.length === 0 ? (
            <p className={emptyClass}>{t("mine.empty")}</p>
          ) : (
            <ul className="divide-y divide-border">
              {buddies.map((l) => (
                <BuddyRow key={l.id} link={l} onOpenConversation={onOpenConversation} />
              ))}
            </ul>
          )}
        </Section>
        {outgoing.length > 0 ? (
          <Section title={t("requests.outgoing")}>
            <ul className="divide-y divide-border">
              {outgoing.map((l) => (
                <RequestRow key={l.id} link={l} />
              ))}
            </ul>
          </Section>
        ) : null}
      </div>
      <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <Section title={t("suggestions.title")}>
          {!prefs.data.visible ? (
            <p className={emptyClass}>{t("suggestions.optIn")}</p>
          ) : suggestions.isPending ? (
            <Spinner label={t("loading")} />
          ) : suggestions.isError ? (
            <p role="alert" className={emptyClass}>
              {t("error")}
            </p>
          ) : suggestions.data.suggestions.length === 0 ? (
            <p className={emptyClass}>{t("suggestions.empty")}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {suggestions.data.suggestions.map((s) => (
                <SuggestionCard key={s.user.id} suggestion={s} />
              ))}
            </ul>
          )}
        </Section>
        {blocks.data && blocks.data.blocked.length > 0 ? (
          <Section title={t("block.listTitle")}>
            <ul className="divide-y divide-border">
              {blocks.data.blocked.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-2 py-2">
                  <PersonLine person={p} />
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={unblock.isPending}
                    onClick={() =>
                      unblock.mutate(p.id, {
                        onSuccess: () => toast.success(t("block.unblocked")),
                        onError: (e) => toast.error(e.message),
                      })
                    }
                  >
                    {t("block.unblock")}
                  </Button>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
      </div>
      <div className="min-w-0 lg:col-start-1 lg:row-start-2">
        <PreferencesCard key={String(prefs.dataUpdatedAt)} prefs={prefs.data} />
      </div>
    </div>
  );
}
