import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { parse } from "yaml";
import type { Exchange } from "./spec-client.ts";

/**
 * docs/openapi.yaml, as a contract the running server is held to: the document must be valid
 * OpenAPI 3.1, and every response the contract client receives must be documented for its path,
 * method and status, with its content type and a body its schema accepts (an undocumented status
 * is a failure). Schemas are checked with Ajv's JSON Schema 2020-12, OpenAPI 3.1's dialect.
 */

type Json = Record<string, unknown>;

export const OPENAPI_FILE = "docs/openapi.yaml";
const DOCUMENT_ID = "openapi.json";
/** The methods docs/openapi.yaml documents (HEAD is GET's). */
export const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** A JSON pointer's segment (RFC 6901). */
const segment = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

export interface OpenApiContract {
  /** Throws, saying what and where, if the exchange is not as documented. */
  check: (exchange: Exchange) => void;
  /** "GET /api/csrf 200" for each documented response seen so far. */
  seen: Set<string>;
  /** Every documented response, in the same form. */
  documented: string[];
}

/** Checks docs/openapi.yaml against the OpenAPI 3.1 schema and readies its response schemas. */
export async function loadOpenApiContract(): Promise<OpenApiContract> {
  const document = parse(readFileSync(OPENAPI_FILE, "utf8")) as Json;
  const validation = await new Validator().validate(document);
  if (!validation.valid)
    throw new Error(`${OPENAPI_FILE} is not valid OpenAPI 3.1:\n${JSON.stringify(validation.errors, null, 2)}`);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const paths = document.paths as Record<string, Json>;
  // Literal paths before templates: /api/forms/config is not /api/forms/{formType}.
  const templates = Object.keys(paths)
    .sort((a, b) => Number(a.includes("{")) - Number(b.includes("{")))
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
    }));
  const documented = Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) =>
      Object.keys(((item[method] as Json | undefined)?.responses as Json | undefined) ?? {}).map(
        (status) => `${method.toUpperCase()} ${path} ${status}`,
      ),
    ),
  );
  const seen = new Set<string>();

  /** A response object and the pointer to it, following a $ref to components/responses. */
  function responseAt(pointer: string, response: Json): { pointer: string; response: Json } {
    const ref = response.$ref;
    if (typeof ref !== "string") return { pointer, response };
    const name = ref.replace("#/components/responses/", "");
    const target = ((document.components as Json).responses as Json)[name] as Json;
    return { pointer: `/components/responses/${segment(name)}`, response: target };
  }

  function check({ method, path, reply }: Exchange): void {
    const where = `${method} ${path} → ${reply.status}`;
    const pathname = new URL(path, "http://portal").pathname;
    const match = templates.find(({ pattern }) => pattern.test(pathname));
    if (!match) throw new Error(`${where}: the path is not in ${OPENAPI_FILE}`);
    const operation = paths[match.template]![method.toLowerCase()] as Json | undefined;
    if (!operation) throw new Error(`${where}: ${method} ${match.template} is not in ${OPENAPI_FILE}`);
    const responses = operation.responses as Json;
    const status = String(reply.status);
    if (!responses[status]) throw new Error(`${where}: status ${status} is not documented for ${match.template}`);
    seen.add(`${method} ${match.template} ${status}`);
    const { pointer, response } = responseAt(
      `/paths/${segment(match.template)}/${method.toLowerCase()}/responses/${status}`,
      responses[status] as Json,
    );
    const content = response.content as Json | undefined;
    const contentType = reply.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
    if (!content) {
      if (reply.body !== "") throw new Error(`${where}: a body is sent where none is documented`);
      return;
    }
    if (!content[contentType])
      throw new Error(`${where}: content type "${contentType}" is not documented (${Object.keys(content).join(", ")})`);
    const validate = ajv.getSchema(`${DOCUMENT_ID}#${pointer}/content/${segment(contentType)}/schema`);
    if (!validate) throw new Error(`${where}: no schema for ${contentType}`);
    if (!validate(reply.body))
      throw new Error(
        `${where}: the body does not match ${OPENAPI_FILE}:\n${ajv.errorsText(validate.errors, { separator: "\n" })}\n${JSON.stringify(reply.body).slice(0, 2000)}`,
      );
  }

  return { check, seen, documented };
}
