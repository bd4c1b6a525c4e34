import { QueryClientProvider } from "@tanstack/react-query";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Toaster } from "sonner";
import { PlatformDefaults } from "@/features/admin/components/platform-defaults";
import { queryClient } from "@/lib/query-client";

/**
 * Spec 000 §9 toasts: 5000 ms by default, 3 visible, 14 px gap. The tooltip provider lives in the
 * dashboard shell (SidebarProvider), the only place with tooltips: the entry carries no popper
 * code (issue 17 §14). Toasts sit at the bottom right (full width at the bottom on a phone): at the
 * top right they covered the header's bell, language switch and Sign Out for their 5 s. The toast
 * region's and the close button's labels follow the interface language (Sonner's own are English).
 */
export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <PlatformDefaults />
      <LocalizedToaster />
    </QueryClientProvider>
  );
}

/** Sonner's toaster with its region and close-button labels in the interface language. */
export function LocalizedToaster() {
  const { t } = useTranslation("common");
  return (
    <Toaster
      position="bottom-right"
      duration={5000}
      visibleToasts={3}
      gap={14}
      richColors
      closeButton
      containerAriaLabel={t("toasts.region")}
      toastOptions={{ closeButtonAriaLabel: t("toasts.close") }}
    />
  );
}
