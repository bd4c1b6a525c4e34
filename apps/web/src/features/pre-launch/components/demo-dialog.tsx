import { PlayCircleIcon, XIcon } from "lucide-react";
import { Dialog } from "radix-ui";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { focusHeroSignup } from "../constants";

const CHAPTERS = [
  { key: "one", time: "0:00" },
  { key: "two", time: "0:30" },
  { key: "three", time: "1:00" },
  { key: "four", time: "1:30" },
] as const;

/**
 * "Watch 2-minute demo" (spec 000 §2 Landing page; its behaviour is not specified). Until the video
 * exists this opens a small dialog listing what the demo covers, with a way into the VIP list.
 * No external media is loaded.
 */
export function DemoDialog({ className }: { className?: string }) {
  const { t } = useTranslation("landing");
  const [open, setOpen] = React.useState(false);
  const next = React.useRef<"join" | null>(null);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="lg" className={cn("h-12 px-4 font-semibold", className)}>
          <PlayCircleIcon className="size-5! text-accent-teal" aria-hidden />
          {t("hero.watchDemo")}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-5 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none sm:p-8"
          onCloseAutoFocus={(event) => {
            if (next.current !== "join") return;
            next.current = null;
            event.preventDefault();
            focusHeroSignup();
          }}
        >
          <div className="flex items-start gap-4 pr-6">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand text-accent-teal">
              <PlayCircleIcon className="size-6" aria-hidden />
            </span>
            <div className="grid gap-1.5">
              <Dialog.Title className="text-lg font-semibold text-brand">{t("demo.title")}</Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                {t("demo.description")}
              </Dialog.Description>
            </div>
          </div>
          <ol className="grid gap-2">
            {CHAPTERS.map(({ key, time }) => (
              <li key={key} className="flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-2.5 text-sm">
                <span className="w-10 shrink-0 font-mono text-xs font-semibold text-teal-700">{time}</span>
                <span className="text-slate-700">{t(`demo.chapters.${key}`)}</span>
              </li>
            ))}
          </ol>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="outline">{t("demo.close")}</Button>
            </Dialog.Close>
            <Button
              onClick={() => {
                next.current = "join";
                setOpen(false);
              }}
            >
              {t("demo.join")}
            </Button>
          </div>
          <Dialog.Close
            className="absolute right-4 top-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            aria-label={t("demo.close")}
          >
            <XIcon className="size-5" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
