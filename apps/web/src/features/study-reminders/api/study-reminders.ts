import type { StudyReminderSettingsInput, StudyReminderState } from "@academy/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/** GET /api/study-reminders: the signed-in student's goal, reminder time and this week's minutes. */
export const studyRemindersQueryOptions = queryOptions({
  queryKey: ["study-reminders"],
  queryFn: () => unwrap(api["study-reminders"].$get()) as Promise<StudyReminderState>,
});

/** PUT /api/study-reminders: saves goal (minutes a week), time (HH:MM) and channels; refreshes the card. */
export function useSaveStudyReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StudyReminderSettingsInput) =>
      unwrap(api["study-reminders"].$put({ json: input })) as Promise<StudyReminderState>,
    onSuccess: (state) => queryClient.setQueryData(studyRemindersQueryOptions.queryKey, state),
  });
}

/** GET /api/study-reminders/vapid-public-key: the key PushManager.subscribe needs. */
export async function fetchVapidPublicKey(): Promise<string> {
  const body = await unwrap(api["study-reminders"]["vapid-public-key"].$get());
  return body.publicKey;
}

/** POST /api/study-reminders/push-subscriptions: stores this browser's subscription. */
export async function saveSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await unwrap(
    api["study-reminders"]["push-subscriptions"].$post({
      json: {
        endpoint: subscription.endpoint ?? "",
        keys: { p256dh: subscription.keys?.p256dh ?? "", auth: subscription.keys?.auth ?? "" },
      },
    }),
  );
}

/** DELETE /api/study-reminders/push-subscriptions: forgets this browser's subscription. */
export async function forgetSubscription(endpoint: string): Promise<void> {
  await unwrap(api["study-reminders"]["push-subscriptions"].$delete({ json: { endpoint } }));
}
