import { DEFAULT_SUPPORT_EMAIL, FAQ_CATEGORIES, type FaqEntry } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { MailIcon, MessageCircleIcon, SearchIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { OptionsSelect } from "@/components/form/options-select";
import { QueryList } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent } from "@/components/ui/tabs";
import { WrappingTabsList } from "@/components/ui/wrapping-tabs-list";
import { faqQueryOptions } from "../api/help";
import { ContactInstructorTab } from "./contact-tab";
import { GuidesTab, loadMarkdown } from "./guides-tab";
import { HelpEditor } from "./help-editor";
import { RoadmapTab } from "./roadmap-tab";
import { TicketsTab } from "./tickets-tab";

function FaqTab({ withCategories, admin = false }: { withCategories: boolean; admin?: boolean }) {
  const { t, i18n } = useTranslation("help");
  const vi = i18n.language === "vi";
  const [search, setSearch] = React.useState("");
  const [query, setQuery] = React.useState("");
  const [category, setCategory] = React.useState("");
  React.useEffect(() => {
    const id = setTimeout(() => setQuery(search.trim()), 250);
    return () => clearTimeout(id);
  }, [search]);
  const faq = useQuery(faqQueryOptions(query, category));
  const [editing, setEditing] = React.useState<FaqEntry | null>(null);
  const list = (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <SearchIcon className="absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            className="pl-9"
            aria-label={t("faq.search")}
            placeholder={t("faq.search")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        {withCategories ? (
          <OptionsSelect
            aria-label={t("faq.category")}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            options={FAQ_CATEGORIES}
            labelOf={(c) => t(`faq.categories.${c}`)}
          >
            <option value="">{t("faq.allCategories")}</option>
          </OptionsSelect>
        ) : null}
      </div>
      <QueryList pending={faq.isPending} items={faq.data?.entries} empty={t("faq.empty")} />
      <div className="flex flex-col gap-2">
        {faq.data?.entries.map((e) => (
          <details key={e.id} className="rounded-lg border bg-background p-4">
            <summary className="cursor-pointer font-medium">{vi ? e.questionVi : e.questionEn}</summary>
            <p className="mt-2 text-sm text-muted-foreground">{vi ? e.answerVi : e.answerEn}</p>
            {admin ? (
              <Button size="sm" variant="outline" className="mt-2" onClick={() => setEditing(e)}>
                {t("faqAdmin.edit")}
              </Button>
            ) : null}
          </details>
        ))}
      </div>
    </div>
  );
  if (!admin) return list;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      {list}
      <HelpEditor kind="faq" editing={editing} onDone={() => setEditing(null)} />
    </div>
  );
}

/**
 * The platform's support contact (issue 24 §1): the support e-mail unless it is still the
 * installation's placeholder, and live chat only when an admin set its link (with the hours, if
 * any). Nothing at all when neither is set.
 */
function SupportContact({ settings }: { settings: SupportSettings }) {
  const { t } = useTranslation("help");
  const email = settings.supportEmail && settings.supportEmail !== DEFAULT_SUPPORT_EMAIL;
  if (!email && !settings.liveChatUrl) return null;
  return (
    <Card data-testid="support-contact">
      <CardContent className="grid gap-3 p-4 sm:grid-cols-2">
        {email ? (
          <p className="flex items-center gap-2 text-sm">
            <MailIcon className="size-4 shrink-0" aria-hidden />
            <span>
              {t("contact.email")}:{" "}
              <a className="break-all font-medium underline" href={`mailto:${settings.supportEmail}`}>
                {settings.supportEmail}
              </a>
            </span>
          </p>
        ) : null}
        {settings.liveChatUrl ? (
          <p className="flex items-center gap-2 text-sm">
            <MessageCircleIcon className="size-4 shrink-0" aria-hidden />
            <span>
              <a
                className="font-medium underline"
                href={settings.liveChatUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t("contact.liveChatLink")}
              </a>
              {settings.liveChatHours
                ? ` ${t("contact.liveChatHours", { hours: settings.liveChatHours })}`
                : null}
            </span>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** What the Help Center shows of the platform settings. */
export interface SupportSettings {
  supportEmail: string;
  liveChatHours: string;
  liveChatUrl: string;
}

/**
 * The Help Center (spec 001 §2 Help and support; issue 14). Creators: FAQ, Support Tickets (their
 * own and their students'), Roadmap, Guides. Students: FAQ with categories, Contact Instructor,
 * Learning Guides with the support e-mail and live-chat hours from Settings.
 */
export function HelpCenter({
  role,
  settings,
  messageLink,
}: {
  role: "student" | "creator" | "admin";
  settings: SupportSettings;
  messageLink?: (courseId: string) => React.ReactNode;
}) {
  const { t } = useTranslation("help");
  const student = role === "student";
  React.useEffect(() => {
    void loadMarkdown().catch(() => undefined); // retried by the Guides tab if this fails
  }, []);
  const tabs = student
    ? (["faq", "contact", "guides"] as const)
    : (["faq", "tickets", "roadmap", "guides"] as const);
  return (
    <>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="mt-1 text-muted-foreground">{student ? t("subtitleStudent") : t("subtitleCreator")}</p>
      </div>
      <Tabs defaultValue={new URLSearchParams(window.location.search).get("tab") ?? "faq"}>
        <WrappingTabsList
          tabs={tabs}
          labelOf={(tab) => t(`tabs.${student && tab === "guides" ? "learningGuides" : tab}`)}
        />
        <TabsContent value="faq">
          <FaqTab withCategories={student} admin={role === "admin"} />
        </TabsContent>
        {student ? (
          <>
            <TabsContent value="contact">
              <ContactInstructorTab messageLink={messageLink} />
            </TabsContent>
            <TabsContent value="guides">
              <GuidesTab contact={<SupportContact settings={settings} />} />
            </TabsContent>
          </>
        ) : (
          <>
            <TabsContent value="tickets">
              <TicketsTab answers />
            </TabsContent>
            <TabsContent value="roadmap">
              <RoadmapTab admin={role === "admin"} />
            </TabsContent>
            <TabsContent value="guides">
              <GuidesTab admin={role === "admin"} />
            </TabsContent>
          </>
        )}
      </Tabs>
    </>
  );
}
