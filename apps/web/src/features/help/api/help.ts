import type {
  ContactInstructorInput,
  FaqInput,
  FeatureRequestCreateInput,
  GuideInput,
  TicketCreateInput,
} from "@academy/shared";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";

/** Query keys of the Help Center (issue 14). */
export const helpKeys = {
  all: ["help"] as const,
  faq: (search: string, category: string) => ["help", "faq", search, category] as const,
  guides: () => ["help", "guides"] as const,
  tickets: (box: string, page: number) => ["help", "tickets", box, page] as const,
  ticket: (id: string) => ["help", "ticket", id] as const,
  requests: (page: number) => ["help", "requests", page] as const,
  contact: () => ["help", "contact"] as const,
};

export function faqQueryOptions(search: string, category: string) {
  return queryOptions({
    queryKey: helpKeys.faq(search, category),
    queryFn: () =>
      unwrap(
        api.help.faq.$get({
          query: {
            ...(search ? { search } : {}),
            ...(category ? { category: category as "account" } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export const guidesQueryOptions = queryOptions({
  queryKey: helpKeys.guides(),
  queryFn: () => unwrap(api.help.guides.$get()),
});

export function ticketsQueryOptions(box: "mine" | "inbox", page: number) {
  return queryOptions({
    queryKey: helpKeys.tickets(box, page),
    queryFn: () => unwrap(api.help.tickets.$get({ query: { box, page: String(page) } })),
    placeholderData: keepPreviousData,
  });
}

export function ticketQueryOptions(id: string) {
  return queryOptions({
    queryKey: helpKeys.ticket(id),
    queryFn: () => unwrap(api.help.tickets[":id"].$get({ param: { id } })),
  });
}

export function requestsQueryOptions(page: number) {
  return queryOptions({
    queryKey: helpKeys.requests(page),
    queryFn: () => unwrap(api.help["feature-requests"].$get({ query: { page: String(page) } })),
    placeholderData: keepPreviousData,
  });
}

export const contactOptionsQueryOptions = queryOptions({
  queryKey: helpKeys.contact(),
  queryFn: () => unwrap(api.help["contact-instructor"].$get()),
});

function useHelpMutation<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.all }),
  });
}

export const useCreateTicket = () =>
  useHelpMutation((json: TicketCreateInput) => unwrap(api.help.tickets.$post({ json })));
export const useReply = () =>
  useHelpMutation(({ id, body }: { id: string; body: string }) =>
    unwrap(api.help.tickets[":id"].replies.$post({ param: { id }, json: { body } })),
  );
export const useTicketStatus = () =>
  useHelpMutation(({ id, status }: { id: string; status: "open" | "pending" | "resolved" }) =>
    unwrap(api.help.tickets[":id"].status.$patch({ param: { id }, json: { status } })),
  );
export const useContactInstructor = () =>
  useHelpMutation((json: ContactInstructorInput) => unwrap(api.help["contact-instructor"].$post({ json })));
export const useCreateRequest = () =>
  useHelpMutation((json: FeatureRequestCreateInput) => unwrap(api.help["feature-requests"].$post({ json })));
export const useToggleVote = () =>
  useHelpMutation((id: string) => unwrap(api.help["feature-requests"][":id"].vote.$post({ param: { id } })));
export const useRequestStatus = () =>
  useHelpMutation(
    ({ id, status }: { id: string; status: "under-review" | "planned" | "in-progress" | "completed" }) =>
      unwrap(api.admin["feature-requests"][":id"].status.$patch({ param: { id }, json: { status } })),
  );
export const useSaveFaq = () =>
  useHelpMutation(({ id, ...json }: FaqInput & { id?: string }) =>
    id ? unwrap(api.admin.faq[":id"].$put({ param: { id }, json })) : unwrap(api.admin.faq.$post({ json })),
  );
export const useDeleteFaq = () =>
  useHelpMutation((id: string) => unwrap(api.admin.faq[":id"].$delete({ param: { id } })));

/** Admins: add (no id) or edit a guide (issue 14 Guides). */
export const useSaveGuide = () =>
  useHelpMutation(({ id, ...json }: GuideInput & { id?: string }) =>
    id
      ? unwrap(api.admin.guides[":id"].$put({ param: { id }, json }))
      : unwrap(api.admin.guides.$post({ json })),
  );
/** Admins: publish or unpublish a guide. */
export const usePublishGuide = () =>
  useHelpMutation(({ id, isPublished }: { id: string; isPublished: boolean }) =>
    unwrap(api.admin.guides[":id"].publish.$patch({ param: { id }, json: { isPublished } })),
  );
/** Admins: delete a guide. */
export const useDeleteGuide = () =>
  useHelpMutation((id: string) => unwrap(api.admin.guides[":id"].$delete({ param: { id } })));
