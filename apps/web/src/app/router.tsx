import { createBrowserRouter, RouterProvider, redirect } from "react-router";
import { RouteErrorBoundary } from "./routes/error-fallback";
import { PageLoading } from "./routes/page-loading";

/**
 * The route table (spec 001 §2 Route table). Every page is a lazy route module; pages whose
 * feature has not landed yet render the "not available yet" page.
 */
export const router = createBrowserRouter([
  {
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: PageLoading,
    children: [
      { path: "/", lazy: () => import("./routes/home") },
      { path: "/auth", lazy: () => import("./routes/auth") },
      { path: "/invitation", lazy: () => import("./routes/invitation") },
      { path: "/learn/:courseId", lazy: () => import("./routes/learn") },
      { path: "/join/:courseId", lazy: () => import("./routes/join") },
      { path: "/certificates/:id", lazy: () => import("./routes/certificate") },
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
          { path: "*", lazy: () => import("./routes/dashboard/coming-soon") },
        ],
      },
      { path: "/404", lazy: () => import("./routes/not-found") },
      { path: "*", lazy: () => import("./routes/not-found") },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
