import type { ActionFunctionArgs, LoaderFunctionArgs, RouterContextProvider } from "react-router";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { noSuchFormType } from "#app/api/api-payload.server.ts";
import { notPost, postOnly } from "#app/http/api-error.server.ts";
import { offeredFlow } from "#app/settlement/portal.server.ts";

/**
 * The loader and action of an API address that names a form and takes a POST (SPEC §7's authorize
 * and submit): a form type it does not take, or one the settlement does not offer, is 404 by any
 * method, first; then any method but POST is 405, Allow: POST; a POST is `answer`'s.
 */
export function formPostEndpoint(
  takes: (formType: string | undefined) => formType is FormType,
  answer: (args: {
    request: Request;
    formType: FormType;
    context: Readonly<RouterContextProvider>;
  }) => Promise<Response>,
) {
  const offered = (formType: string | undefined): formType is FormType => takes(formType) && !!offeredFlow(formType);
  return {
    action({ request, params, context }: ActionFunctionArgs) {
      if (!offered(params.formType)) return noSuchFormType(context);
      if (notPost(request)) return postOnly({ request, context });
      return answer({ request, formType: params.formType, context });
    },
    loader({ request, params, context }: LoaderFunctionArgs) {
      if (!offered(params.formType)) return noSuchFormType(context);
      return postOnly({ request, context });
    },
  };
}
