import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app/providers";
import { AppRouter } from "./app/router";
import { setAnalyticsUser, startAnalyticsSync } from "./lib/analytics-log";
import { installGlobalErrorHandlers } from "./lib/error-reporting";
import { i18nReady } from "./lib/i18n";
import { queryClient } from "./lib/query-client";
import { meQueryOptions } from "./lib/session";

installGlobalErrorHandlers();
// The local analytics record (spec 000 §9; issue 27 §4): events carry the signed-in user's id and
// are sent in batches only while that user is signed in.
setAnalyticsUser(() => queryClient.getQueryData(meQueryOptions.queryKey)?.userId ?? null);
startAnalyticsSync();
// The language's catalogue is a chunk of its own (issue 17 §14); the router's first route chunk
// loads meanwhile. A failed load renders anyway (keys instead of text beat a blank page).
await i18nReady.catch(() => undefined);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
