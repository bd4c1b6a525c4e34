import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app/providers";
import { AppRouter } from "./app/router";
import { installGlobalErrorHandlers } from "./lib/error-reporting";
import { i18nReady } from "./lib/i18n";

installGlobalErrorHandlers();
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
