import { createBrowserRouter, RouterProvider, redirect } from "react-router";
import { recordEvent } from "@/lib/analytics-log";
import { RouteErrorBoundary } from "./routes/error-fallback";
import NotFound from "./routes/not-found";
import { PageLoading } from "./routes/page-loading";

/**
 * The route table (spec 001 §2 Route table). Every page is a lazy route module; every sidebar entry
 * has its own page, and an unknown address (inside /dashboard too) is the 404 page (in the entry
 * chunk: the error boundary shows it too).
 */
export const router = createBrowserRouter([
  {
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: PageLoading,
    children: [
      { path: "/", lazy: () => import("./routes/home") },
      { path: "/auth", lazy: () => import("./routes/auth") },
      { path: "/forgot-password", lazy: () => import("./routes/forgot-password") },
      { path: "/reset-password", lazy: () => import("./routes/reset-password") },
      { path: "/account-deleted", lazy: () => import("./routes/account-deleted") },
      { path: "/invitation", lazy: () => import("./routes/invitation") },
      { path: "/learn/:courseId", lazy: () => import("./routes/learn") },
      { path: "/join/:courseId", lazy: () => import("./routes/join") },
      { path: "/certificates/:id", lazy: () => import("./routes/certificate") },
      { path: "/achievements/:shareId", lazy: () => import("./routes/achievement") },
      { path: "/checkout/:reference", lazy: () => import("./routes/checkout") },
      { path: "/report", lazy: () => import("./routes/report") },
      {
        path: "/dashboard",
        lazy: () => import("./routes/dashboard/layout"),
        children: [
          { index: true, lazy: () => import("./routes/dashboard/index") },
          { path: "courses", lazy: () => import("./routes/dashboard/courses") },
          { path: "courses/new", loader: () => redirect("/dashboard/course-builder") },
          { path: "course-builder", lazy: () => import("./routes/dashboard/course-builder") },
          { path: "courses/:id/edit", lazy: () => import("./routes/dashboard/course-builder") },
          { path: "students", lazy: () => import("./routes/dashboard/students") },
          { path: "landing-pages", lazy: () => import("./routes/dashboard/landing-pages") },
          { path: "landing-pages/builder", lazy: () => import("./routes/dashboard/landing-page-builder") },
          {
            path: "landing-pages/builder/:id",
            lazy: () => import("./routes/dashboard/landing-page-builder"),
          },
          { path: "community", lazy: () => import("./routes/dashboard/community") },
          { path: "account", lazy: () => import("./routes/dashboard/account") },
          { path: "admin", lazy: () => import("./routes/dashboard/admin") },
          { path: "help", lazy: () => import("./routes/dashboard/help") },
          { path: "earnings", lazy: () => import("./routes/dashboard/earnings") },
          { path: "analytics", lazy: () => import("./routes/dashboard/analytics") },
          { path: "branding", lazy: () => import("./routes/dashboard/branding") },
          { path: "*", Component: NotFound },
        ],
      },
      { path: "/404", Component: NotFound },
      { path: "*", Component: NotFound },
    ],
  },
]);

// The local analytics record (issue 27 §4): a page_view for each address the router lands on.
let lastPath = "";
function recordPageView(pathname: string) {
  if (pathname === lastPath) return;
  lastPath = pathname;
  recordEvent("page_view");
}
recordPageView(router.state.location.pathname);
router.subscribe((state) => {
  if (state.navigation.state === "idle") recordPageView(state.location.pathname);
});

export function AppRouter() {
  return <RouterProvider router={router} />;
}
