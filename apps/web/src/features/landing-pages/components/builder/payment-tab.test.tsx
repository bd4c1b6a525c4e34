import type { PaymentMethod } from "@academy/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import * as React from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n";
import { toEditable, usePaymentMethodsEditor } from "../../hooks/use-payment-methods-editor";
import { PaymentMethodsTab, STRIPE_WEBHOOK_EVENTS } from "./payment-tab";

/** Issue 23 §1, §5 (ux B1, M4, N4, N6): the builder's Payment tab. */

const saved = vi.fn();
vi.mock("../../api/landing-pages", () => ({
  useSavePaymentMethods: () => ({ mutateAsync: saved, isPending: false }),
}));

const WEBHOOK = "https://academy.example/api/payments/callbacks/stripe/0b5c3a8e-1f2d-4c5b-9a7e-2d3c4b5a6f70";
const card: PaymentMethod = {
  id: "0b5c3a8e-1f2d-4c5b-9a7e-2d3c4b5a6f70",
  methodType: "credit-card",
  webhookUrl: WEBHOOK,
  isEnabled: true,
  displayOrder: 0,
  configuration: { mode: "sandbox", provider: "stripe", publicKey: "pk_test_1" },
  secretsSet: { secretKey: true, webhookSecret: true },
};
const momo: PaymentMethod = {
  id: "1b5c3a8e-1f2d-4c5b-9a7e-2d3c4b5a6f70",
  methodType: "momo",
  webhookUrl: null,
  isEnabled: true,
  displayOrder: 1,
  configuration: { mode: "sandbox", partnerCode: "MOMO1" },
  secretsSet: { accessKey: true, secretKey: true },
};

function Tab({
  methods,
  course = { price: 199_000, currency: "VND" },
  onCreatePage = () => undefined,
  pageId = "page-1",
}: {
  methods: PaymentMethod[];
  course?: { price: number; currency: string } | null;
  onCreatePage?: () => void;
  pageId?: string | null;
}) {
  const [stored, setStored] = React.useState(() => toEditable(methods));
  const editor = usePaymentMethodsEditor(pageId, stored, setStored);
  return (
    <PaymentMethodsTab
      pageId={pageId}
      editor={editor}
      course={course}
      priceLabel="₫199,000"
      onCreatePage={onCreatePage}
    />
  );
}

function renderTab(props: React.ComponentProps<typeof Tab>) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <Tab {...props} />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await act(() => i18n.changeLanguage("en"));
});
afterEach(() => {
  cleanup();
  saved.mockReset();
});

describe("Payment tab", () => {
  it("the card panel shows Stripe, the full webhook URL with a Copy button, and the events to select", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderTab({ methods: [card] });
    expect(screen.getByTestId("pm-credit-card-status").textContent).toBe("Shown to buyers at checkout.");
    fireEvent.click(screen.getByRole("button", { name: "Configure" }));
    expect(screen.getByTestId("pm-credit-card-provider").textContent).toBe("Stripe");
    expect(screen.queryByRole("textbox", { name: "Provider" })).toBeNull();
    expect(screen.getByTestId("pm-card-webhook-url").textContent).toBe(WEBHOOK);
    expect(
      [...screen.getByTestId("pm-card-webhook-events").querySelectorAll("code")].map((c) => c.textContent),
    ).toEqual([...STRIPE_WEBHOOK_EVENTS]);
    expect(screen.getByTestId("pm-credit-card-mode-help").textContent).toContain("Stripe's test environment");
    const copy = screen.getByRole("button", { name: "Copy" });
    fireEvent.click(copy);
    await waitFor(() => expect(screen.getByRole("button", { name: "Copied" })).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith(WEBHOOK);
  });

  it("an unsaved card says to save first; Done saves the keys and then shows its webhook URL", async () => {
    saved.mockResolvedValue([card]);
    const unsaved = { ...card, id: null as unknown as string, webhookUrl: null, secretsSet: {} };
    renderTab({ methods: [unsaved] });
    expect(screen.getByTestId("pm-credit-card-status").textContent).toBe(
      "Not shown to buyers — missing: Secret key, Webhook signing secret.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Configure" }));
    expect(screen.getByTestId("pm-card-webhook-save-first").textContent).toContain("press Done");
    expect(screen.queryByTestId("pm-card-webhook-url")).toBeNull();
    fireEvent.change(screen.getByLabelText("Secret key"), { target: { value: "sk_test_1" } });
    fireEvent.change(screen.getByLabelText("Webhook signing secret"), { target: { value: "whsec_1" } });
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0][0].methods[0]).toMatchObject({
      methodType: "credit-card",
      isEnabled: true,
      configuration: { publicKey: "pk_test_1", secretKey: "sk_test_1", webhookSecret: "whsec_1" },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Configure" }));
    expect((await screen.findByTestId("pm-card-webhook-url")).textContent).toBe(WEBHOOK);
  });

  it("a panel opened again while Done is still saving stays open when the save ends", async () => {
    let finish: (methods: PaymentMethod[]) => void = () => undefined;
    saved.mockImplementation(() => new Promise<PaymentMethod[]>((resolve) => (finish = resolve)));
    renderTab({ methods: [card] });
    const configure = screen.getByRole("button", { name: "Configure" });
    fireEvent.click(configure);
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    // The person closes and reopens the panel before the save answers.
    fireEvent.click(configure);
    fireEvent.click(configure);
    expect(configure.getAttribute("aria-expanded")).toBe("true");
    await act(async () => finish([card]));
    expect(configure.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByTestId("pm-card-webhook-url").textContent).toBe(WEBHOOK);
  });

  it("an incomplete enabled method is 'Not shown to buyers — missing …'; Done shows the errors instead of saving", async () => {
    const incomplete: PaymentMethod = {
      ...momo,
      configuration: { mode: "sandbox", partnerCode: "" },
      secretsSet: { accessKey: false, secretKey: true },
    };
    renderTab({ methods: [incomplete] });
    expect(screen.getByTestId("pm-momo-status").textContent).toBe(
      "Not shown to buyers — missing: Partner code, Access key.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Configure" }));
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() =>
      expect(screen.getByTestId("pm-momo-partnerCode-error").textContent).toBe(
        "Enter the MoMo partner code, or turn this method off.",
      ),
    );
    expect(screen.getByTestId("pm-momo-accessKey-error")).toBeTruthy();
    expect(screen.queryByTestId("pm-momo-secretKey-error")).toBeNull();
    expect(screen.getByLabelText("Partner code").getAttribute("aria-invalid")).toBe("true");
    expect(saved).not.toHaveBeenCalled();
    // Typing clears that field's error.
    fireEvent.change(screen.getByLabelText("Partner code"), { target: { value: "MOMO1" } });
    expect(screen.queryByTestId("pm-momo-partnerCode-error")).toBeNull();
    expect(screen.getByTestId("pm-momo-status").textContent).toBe(
      "Not shown to buyers — missing: Access key.",
    );
  });

  it("the field errors are shown in Vietnamese in the Vietnamese UI", async () => {
    await act(() => i18n.changeLanguage("vi"));
    try {
      renderTab({ methods: [{ ...momo, configuration: { mode: "sandbox", partnerCode: "" } }] });
      fireEvent.click(screen.getByRole("button", { name: "Cấu hình" }));
      fireEvent.click(screen.getByRole("button", { name: "Xong" }));
      await waitFor(() =>
        expect(screen.getByTestId("pm-momo-partnerCode-error").textContent).toBe(
          "Hãy nhập Partner Code của MoMo, hoặc tắt phương thức này.",
        ),
      );
    } finally {
      await act(() => i18n.changeLanguage("en"));
    }
  });

  it("MoMo above 50,000,000 VND and wallets for a USD price are not offered, with the reason", () => {
    renderTab({ methods: [momo], course: { price: 60_000_000, currency: "VND" } });
    expect(screen.getByTestId("pm-momo-status").textContent).toBe(
      "Not offered to buyers for this price: MoMo takes ₫1,000 to ₫50,000,000, and this course costs ₫60,000,000.",
    );
    cleanup();
    renderTab({ methods: [momo], course: { price: 2_500, currency: "USD" } });
    expect(screen.getByTestId("pm-momo-status").textContent).toBe(
      "Not offered to buyers for this price: MoMo takes payments in VND only, and this course is priced in USD.",
    );
  });

  it("a page not saved yet offers to save it as a draft (opened from 'Publish and set up payment')", () => {
    const onCreatePage = vi.fn();
    renderTab({ methods: [], pageId: null, onCreatePage });
    fireEvent.click(screen.getByTestId("payment-create-page"));
    expect(onCreatePage).toHaveBeenCalledTimes(1);
  });
});
