import type { StudyReminderState } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { StudyRemindersCard } from "./study-reminders-card";

function state(over: Partial<StudyReminderState> = {}): StudyReminderState {
  return {
    settings: null,
    timeZone: "Asia/Ho_Chi_Minh",
    today: "2026-12-02",
    weekStart: "2026-11-30",
    isoWeekday: 3,
    weekMinutes: 20,
    dueMinutes: null,
    pushDevices: 0,
    ...over,
  };
}

type Call = { url: string; method: string; body: unknown };

function show(initial: StudyReminderState | "error", onPut?: (body: unknown) => StudyReminderState) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const raw = init?.body ?? (input instanceof Request ? await input.clone().text() : undefined);
    const body = typeof raw === "string" && raw ? JSON.parse(raw) : undefined;
    calls.push({ url, method, body });
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });
    if (url.includes("/push-subscriptions")) return new Response(null, { status: 204 });
    if (url.includes("/vapid-public-key")) return json({ publicKey: "BNc_public_key_for_tests" });
    if (method === "PUT") return json(onPut ? onPut(body) : initial);
    if (initial === "error") return json({ error: { code: "INTERNAL", message: "boom" } }, 500);
    return json(initial);
  });
  vi.stubGlobal("fetch", fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StudyRemindersCard />
    </QueryClientProvider>,
  );
  return calls;
}

/** A browser with Web Push whose notification permission is `permission`. */
function stubPush(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const subscribe = vi.fn(async () => ({
    endpoint: "https://push.example.com/abc",
    toJSON: () => ({
      endpoint: "https://push.example.com/abc",
      keys: { p256dh: "p256dh-key-0123456789", auth: "auth-secret" },
    }),
  }));
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  vi.stubGlobal("Notification", { permission, requestPermission: vi.fn(async () => answer) });
  vi.stubGlobal("PushManager", class {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  return { subscribe };
}

describe("StudyRemindersCard (issue 27 §3)", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("en");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    delete (navigator as unknown as { serviceWorker?: unknown }).serviceWorker;
  });

  it("without a goal: this week's minutes, the defaults, and browser notifications not supported", async () => {
    show(state());
    expect(
      await screen.findByText("This week: 20 min studied. Choose a goal below to get reminders."),
    ).toBeTruthy();
    expect((screen.getByLabelText("Weekly goal") as HTMLSelectElement).value).toBe("120");
    expect((screen.getByLabelText("Reminder time") as HTMLInputElement).value).toBe("19:00");
    expect(screen.getByText(/^Your time zone: .*\(Ho Chi Minh\)\. Weeks start on Monday\.$/)).toBeTruthy();
    expect(screen.getByTestId("push-state").textContent).toBe("This browser does not support notifications.");
    expect(
      screen.getByRole("checkbox", { name: "Allow browser notifications" }).hasAttribute("disabled"),
    ).toBe(true);
  });

  it("behind, on track and met read from the same minutes and the pro-rated goal", async () => {
    const settings = {
      weeklyGoalMinutes: 150,
      reminderTime: "19:00",
      emailEnabled: true,
      pushEnabled: false,
    };
    show(state({ settings, weekMinutes: 20, dueMinutes: 65 }));
    expect((await screen.findByTestId("reminder-progress")).textContent).toBe(
      "20 min of 2 h 30 min this week",
    );
    expect(screen.getByText("Behind: 1 h 5 min were due by the end of today.")).toBeTruthy();
    cleanup();
    show(state({ settings, weekMinutes: 70, dueMinutes: 65 }));
    expect(await screen.findByText("On track: 1 h 5 min due by the end of today.")).toBeTruthy();
    cleanup();
    show(state({ settings, weekMinutes: 150, dueMinutes: 65 }));
    expect(await screen.findByText("Goal met for this week. Well done!")).toBeTruthy();
  });

  it("saves the chosen goal, time and channels", async () => {
    const calls = show(state(), (body) =>
      state({ settings: body as StudyReminderState["settings"], dueMinutes: 129 }),
    );
    fireEvent.change(await screen.findByLabelText("Weekly goal"), { target: { value: "300" } });
    fireEvent.change(screen.getByLabelText("Reminder time"), { target: { value: "07:45" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Send me a reminder e-mail" }));
    expect(
      screen.getByText("E-mail and browser notifications are both off: you will not get reminders."),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      weeklyGoalMinutes: 300,
      reminderTime: "07:45",
      emailEnabled: false,
      pushEnabled: false,
    });
    expect(await screen.findByText("20 min of 5 h this week")).toBeTruthy();
  });

  it("shows an error with a way to try again", async () => {
    show("error");
    expect(await screen.findByText("Your study goal could not be loaded.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("blocked by the browser: says so and cannot be turned on", async () => {
    stubPush("denied");
    show(state());
    expect((await screen.findByTestId("push-state")).textContent).toBe(
      "Blocked by the browser. Allow notifications for this site in your browser's settings.",
    );
    expect(
      screen.getByRole("checkbox", { name: "Allow browser notifications" }).hasAttribute("disabled"),
    ).toBe(true);
  });

  it("allowing asks the browser, subscribes with the server's key and stores the subscription", async () => {
    const { subscribe } = stubPush("default", "granted");
    const calls = show(state());
    expect((await screen.findByTestId("push-state")).textContent).toBe(
      "Your browser will ask for permission.",
    );
    fireEvent.click(screen.getByRole("checkbox", { name: "Allow browser notifications" }));
    await waitFor(() =>
      expect(screen.getByTestId("push-state").textContent).toBe("Allowed in this browser."),
    );
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.url.includes("/push-subscriptions"))?.body).toEqual({
      endpoint: "https://push.example.com/abc",
      keys: { p256dh: "p256dh-key-0123456789", auth: "auth-secret" },
    });
    expect(
      screen.getByRole("checkbox", { name: "Allow browser notifications" }).getAttribute("data-state"),
    ).toBe("checked");
  });

  it("refusing the browser's question leaves notifications off and shows blocked", async () => {
    stubPush("default", "denied");
    const calls = show(state());
    fireEvent.click(await screen.findByRole("checkbox", { name: "Allow browser notifications" }));
    await waitFor(() =>
      expect(screen.getByTestId("push-state").textContent).toContain("Blocked by the browser."),
    );
    expect(calls.some((c) => c.url.includes("/push-subscriptions"))).toBe(false);
    expect(
      screen.getByRole("checkbox", { name: "Allow browser notifications" }).getAttribute("data-state"),
    ).toBe("unchecked");
  });

  it("speaks Vietnamese", async () => {
    await i18n.changeLanguage("vi");
    try {
      show(
        state({
          settings: { weeklyGoalMinutes: 150, reminderTime: "19:00", emailEnabled: true, pushEnabled: false },
          dueMinutes: 65,
        }),
      );
      expect((await screen.findByTestId("reminder-progress")).textContent).toBe(
        "20 phút / 2 giờ 30 phút trong tuần này",
      );
      expect(screen.getByText("Nhắc học")).toBeTruthy();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
