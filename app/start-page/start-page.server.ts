import { flowStartPath } from "#app/flow-registry/form-type.ts";
import { getPortal } from "#app/settlement/portal.server.ts";

/**
 * "/" when the settlement names no home flow (settlement.json `home`): a start page listing the
 * flows it offers, in its order, each by its name and what it is for. Null when "/" is the home
 * flow's sign-in page instead.
 */
export function startPageAt(pathname: string) {
  const { home, flows } = getPortal();
  if (home || pathname !== "/") return null;
  return {
    startPage: flows.map(({ formType }) => ({ formType, path: flowStartPath(formType) })),
  };
}

export type StartPageData = NonNullable<ReturnType<typeof startPageAt>>;
