import { redirect } from "react-router";
import { signOut } from "#app/flows/sign-out.server.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { getCulture } from "#app/i18n/culture-middleware.server.ts";
import type { Route } from "./+types/sign-out";

export const action = (args: Route.ActionArgs) => signOut(args);

/** Only a posted form signs out (a link or an image could not be trusted to): GET leads to the start page. */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(withCulture("/", getCulture(context)));
}
