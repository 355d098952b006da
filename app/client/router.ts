/**
 * What the pages' components import from "react-router", as the browser has it: vite.config.ts
 * points the client build's "react-router" here (decision 036). There is no router in the browser:
 * every link and form loads a page from the server, as without JavaScript, and the scripts only
 * hydrate the page's content (`<main>`, app/entry.client.tsx). So a navigation is the browser's,
 * always "idle" from a page's point of view, and a route's data is the one page's, which the server
 * wrote into it (app/client/page-document.ts).
 */
import {
  createContext as createReactContext,
  createElement,
  type FormHTMLAttributes,
  type ReactNode,
  useContext,
  useState,
} from "react";
import type { PageData } from "./page-document.ts";
import { type PageView, postData, postPage } from "./page-post.ts";

const PageContext = createReactContext<(PageView & { posting: boolean }) | undefined>(undefined);

/** The page the browser shows: the data the server rendered it from, until a form's answer brings new data. */
export function PageProvider({ initial, children }: { initial: PageData; children: ReactNode }) {
  const [page, show] = useState(initial);
  const [posting, setPosting] = useState(false);
  return createElement(PageContext.Provider, { value: { page, show, posting, setPosting } }, children);
}

function usePageView() {
  const view = useContext(PageContext);
  if (!view) throw new Error("A page's component rendered outside its page's data");
  return view;
}

const usePage = () => usePageView().page;

/** The page's data as the server wrote it (or a form's answer brought it): for app/entry.client.tsx. */
export const usePageData = usePage;

export const useLoaderData = () => usePage().loaderData;
export const useActionData = () => usePage().actionData;
export const useParams = () => usePage().params;

export function useRouteLoaderData(routeId: string) {
  const page = usePage();
  if (routeId === "root") return page.rootData;
  return routeId === page.routeId ? page.loaderData : undefined;
}

export function useMatches() {
  const page = usePage();
  return [
    {
      id: "root",
      pathname: "/",
      params: page.params,
      loaderData: page.rootData,
      data: page.rootData,
      handle: undefined,
    },
    {
      id: page.routeId,
      pathname: window.location.pathname,
      params: page.params,
      loaderData: page.loaderData,
      data: page.loaderData,
      handle: page.handle,
    },
  ];
}

export const useLocation = () => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
  state: null,
  key: "default",
});

/** "submitting" while a form of the page is being posted (and the next page loads), else "idle". */
export const useNavigation = () => ({ state: usePageView().posting ? "submitting" : "idle" });

/** Loads another page. One function for every render: a component's effect that depends on it (the session timer's) is not run again on each. */
const navigate = (to: string) => window.location.assign(to);
export const useNavigate = () => navigate;

type To = string | { pathname?: string; search?: string; hash?: string };
const href = (to: To) => (typeof to === "string" ? to : `${to.pathname ?? ""}${to.search ?? ""}${to.hash ?? ""}`);

/** React Router's props that only its client-side navigation reads. */
interface RouterOnly {
  reloadDocument?: boolean;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  viewTransition?: boolean;
  discover?: string;
  prefetch?: string;
  relative?: string;
  navigate?: boolean;
  fetcherKey?: string;
}

export function Link({
  to,
  reloadDocument,
  replace,
  state,
  preventScrollReset,
  viewTransition,
  discover,
  prefetch,
  relative,
  ...anchor
}: { to: To; children?: ReactNode } & RouterOnly & Record<string, unknown>) {
  return createElement("a", { ...anchor, href: href(to) });
}

/** A form: a POST the page's own checks let through is posted by its scripts (app/client/page-post.ts). */
export function Form({
  reloadDocument,
  replace,
  state,
  preventScrollReset,
  viewTransition,
  discover,
  navigate,
  fetcherKey,
  relative,
  onSubmit,
  ...form
}: FormHTMLAttributes<HTMLFormElement> & RouterOnly) {
  const view = usePageView();
  const submit: NonNullable<typeof onSubmit> = (event) => {
    onSubmit?.(event);
    if (event.defaultPrevented || form.method?.toLowerCase() !== "post" || reloadDocument) return;
    event.preventDefault();
    void postPage(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter, view);
  };
  return createElement("form", { ...form, onSubmit: submit });
}

/** The root layout, whose <Outlet> holds a route's content, is the server's: the browser hydrates the content alone. */
export const Outlet = () => null;

/** A fetcher posts as a page's form does: its answer is the next page, or this one again. */
export function useFetcher() {
  const view = usePageView();
  return {
    Form,
    state: view.posting ? "submitting" : "idle",
    data: undefined,
    formData: undefined,
    submit: (body: FormData, options: { action?: string }) =>
      postData(options.action ?? window.location.href, body, view),
  };
}

/** Error pages load no scripts (app/client/PageScripts.tsx): nothing in the browser asks for the error. */
export const useRouteError = () => undefined;
export const isRouteErrorResponse = (_error: unknown) => false;

type RouteComponent = (props: Record<string, unknown>) => ReactNode;

/** A route module's component with its props from the page's data. */
function WithComponentProps({ Component }: { Component: RouteComponent }) {
  const page = usePage();
  const matches = useMatches();
  return createElement(Component, {
    loaderData: page.loaderData,
    actionData: page.actionData,
    params: page.params,
    matches,
  });
}

/** The route modules' components as the React Router build wraps them. */
export const UNSAFE_withComponentProps = (Component: RouteComponent) => () =>
  createElement(WithComponentProps, { Component });
export const UNSAFE_withErrorBoundaryProps = UNSAFE_withComponentProps;
export const UNSAFE_withHydrateFallbackProps = UNSAFE_withComponentProps;

/** The server's router contexts (app/request-context.ts): only the server reads them. */
export const createContext = <T>(defaultValue?: T) => ({ defaultValue });
