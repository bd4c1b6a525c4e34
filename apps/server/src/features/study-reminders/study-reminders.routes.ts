import {
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
  studyReminderSettingsInputSchema,
  studyReminderStateSchema,
  vapidPublicKeySchema,
} from "@academy/shared";
import { createRoute } from "@hono/zod-openapi";
import { type AppDeps, createRouter, requireUser } from "../../lib/http.ts";
import { errorResponses } from "../../lib/openapi.ts";
import {
  getStudyReminders,
  saveStudyReminders,
  subscribePush,
  unsubscribePush,
} from "./study-reminders.service.ts";

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });

const getRoute = createRoute({
  method: "get",
  path: "/study-reminders",
  tags: ["Study reminders"],
  summary: "The signed-in student's weekly goal, reminder time and this week's progress",
  responses: {
    200: { description: "Settings and progress", ...json(studyReminderStateSchema) },
    401: errorResponses[401],
  },
});

const putRoute = createRoute({
  method: "put",
  path: "/study-reminders",
  tags: ["Study reminders"],
  summary: "Save the weekly goal (minutes), reminder time (HH:MM, own time zone) and channels",
  request: { body: { ...json(studyReminderSettingsInputSchema), required: true } },
  responses: {
    200: { description: "Saved", ...json(studyReminderStateSchema) },
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

const keyRoute = createRoute({
  method: "get",
  path: "/study-reminders/vapid-public-key",
  tags: ["Study reminders"],
  summary: "The VAPID public key browsers subscribe to Web Push with",
  responses: { 200: { description: "Public key (URL-safe base64)", ...json(vapidPublicKeySchema) } },
});

const subscribeRoute = createRoute({
  method: "post",
  path: "/study-reminders/push-subscriptions",
  tags: ["Study reminders"],
  summary: "Store this browser's Web Push subscription",
  request: { body: { ...json(pushSubscriptionInputSchema), required: true } },
  responses: { 204: { description: "Stored" }, 400: errorResponses[400], 401: errorResponses[401] },
});

const unsubscribeRoute = createRoute({
  method: "delete",
  path: "/study-reminders/push-subscriptions",
  tags: ["Study reminders"],
  summary: "Forget this browser's Web Push subscription",
  request: { body: { ...json(pushUnsubscribeInputSchema), required: true } },
  responses: { 204: { description: "Forgotten" }, 400: errorResponses[400], 401: errorResponses[401] },
});

/** Study reminders (issue 27 §3, decision 0232): every endpoint acts on the signed-in user only. */
export function studyReminderRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(getRoute, async (c) => c.json(await getStudyReminders(deps.db, requireUser(c)), 200))
    .openapi(putRoute, async (c) =>
      c.json(await saveStudyReminders(deps.db, requireUser(c), c.req.valid("json")), 200),
    )
    .openapi(keyRoute, (c) => c.json({ publicKey: deps.vapid.publicKey }, 200))
    .openapi(subscribeRoute, async (c) => {
      await subscribePush(deps.db, requireUser(c), c.req.valid("json"), {
        userAgent: c.req.header("user-agent") ?? null,
        allowLoopbackHttp: deps.env.nodeEnv !== "production",
      });
      return c.body(null, 204);
    })
    .openapi(unsubscribeRoute, async (c) => {
      await unsubscribePush(deps.db, requireUser(c), c.req.valid("json").endpoint);
      return c.body(null, 204);
    });
}
