/**
 * A client of the portal's JSON API written from SPEC §3/§7 and docs/api.md alone, as an integrator
 * or an administrator migrating from the single-page app would write it: fetch, FormData and Blob,
 * nothing imported from the portal's code. It keeps the session cookie and the CSRF token as
 * docs/api.md says (the token from GET /api/csrf, then the one authorize answers with), and hands
 * every response to `observe`, which the contract tests use to check it against docs/openapi.yaml.
 */

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** What the client saw of one call: its method, its path as sent, and the reply. */
export interface Exchange {
  method: string;
  path: string;
  reply: Reply;
}

/** SPEC §3 "Form model (client side)". */
export interface FormModel {
  clientId: string;
  id: string | null;
  metadataHash: string;
  metadata: { dtoMapping: string };
  fields: Record<string, unknown>;
}

/** SPEC §3 "Server model config", as GET /api/forms/config gives it. */
export interface ModelConfig {
  metadataHash: string;
  metadata: { dtoMapping: string };
  /** Each field's config; `asked`: whether this form asks it (docs/api.md). */
  fields: Record<string, { key: string; componentName: string; defaultValue?: unknown; asked: boolean }>;
}

/** A model config in GET /api/forms/config's list (SPEC §7): with the form types that use it (docs/api.md). */
export interface ListedModelConfig extends ModelConfig {
  formTypes: string[];
}

/** A form type's models, found in the list by the form types each names, in the list's order. */
export function formModels(list: ListedModelConfig[], formType: string): ModelConfig[] {
  return list.filter((model) => model.formTypes.includes(formType));
}

export interface ApiError {
  code: string;
  error: string;
  fields?: Record<string, string>;
  detail?: string;
  referenceCodeForm?: string;
}

/** SPEC §3 "Results": authorization; on success with the renewed session's CSRF token, or for lookup the coverage (docs/api.md). */
export type Authorization =
  | {
      authorized: true;
      error: null;
      prepopulatedData: Record<string, string>;
      csrf: { requestHeaderName: string; requestToken: string };
    }
  | { authorized: true; error: null; covered: boolean; csrf?: undefined }
  | (ApiError & { authorized: false });

/** A file for the submission: sent under "documents", named by its document context's client id. */
export interface Document {
  clientId: string;
  content: Blob;
}

const CLIENT_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** SPEC §3/§9: a client id is a prefix plus 8 random characters. */
export function newClientId(prefix: string): string {
  let id = "";
  for (let index = 0; index < 8; index++)
    id += CLIENT_ID_ALPHABET[Math.floor(Math.random() * CLIENT_ID_ALPHABET.length)];
  return `${prefix}-${id}`;
}

/** The camel-cased name SPEC §3 gives a model of a dtoMapping: ClaimantInfo → claimantInfo. */
export function partName(config: ModelConfig): string {
  return config.metadata.dtoMapping.charAt(0).toLowerCase() + config.metadata.dtoMapping.slice(1);
}

/** A draft form model of a server model config (every field null), with these answers. */
export function formModel(config: ModelConfig, answers: Record<string, unknown>, prefix = "model"): FormModel {
  const fields: Record<string, unknown> = Object.fromEntries(Object.keys(config.fields).map((name) => [name, null]));
  return {
    clientId: newClientId(prefix),
    id: null,
    metadataHash: config.metadataHash,
    metadata: { dtoMapping: partName(config) },
    fields: { ...fields, ...answers },
  };
}

export class SpecClient {
  private cookie = "";
  private csrf?: { requestHeaderName: string; requestToken: string };
  private readonly baseUrl: string;
  private readonly observe: (exchange: Exchange) => void;
  /** Extra headers on every call (the tests' clock). */
  headers: Record<string, string>;
  /** The language of the messages of POST calls (docs/api.md: ?culture=); unset, the portal's default. */
  culture?: string;

  constructor(baseUrl: string, observe: (exchange: Exchange) => void, headers: Record<string, string> = {}) {
    this.baseUrl = baseUrl;
    this.observe = observe;
    this.headers = headers;
  }

  private async call<T>(method: string, path: string, body?: BodyInit, contentType?: string): Promise<Reply<T>> {
    const headers = new Headers(this.headers);
    if (this.cookie) headers.set("Cookie", this.cookie);
    if (contentType) headers.set("Content-Type", contentType);
    if (method !== "GET" && this.csrf) headers.set(this.csrf.requestHeaderName, this.csrf.requestToken);
    const address = method !== "GET" && this.culture ? `${path}?culture=${encodeURIComponent(this.culture)}` : path;
    const response = await fetch(`${this.baseUrl}${address}`, { method, headers, body, redirect: "manual" });
    // The session cookie: its name=value, whatever the portal calls it.
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) this.cookie = setCookie.split(";")[0]!;
    const text = await response.text();
    const isJson = response.headers.get("content-type")?.startsWith("application/json") ?? false;
    const reply = { status: response.status, headers: response.headers, body: (isJson ? JSON.parse(text) : text) as T };
    this.observe({ method, path, reply });
    return reply;
  }

  get<T>(path: string): Promise<Reply<T>> {
    return this.call<T>("GET", path);
  }

  /** Any method, any body: what an address says of a method or a body it may not take. */
  request<T>(method: string, path: string, body?: BodyInit, contentType?: string): Promise<Reply<T>> {
    return this.call<T>(method, path, body, contentType);
  }

  /** SPEC §7 start-up: the CSRF header and token (a 403 is ignored, as SPEC §6 says). */
  async loadCsrf(): Promise<Reply<{ requestHeaderName: string; requestToken: string }>> {
    const reply = await this.get<{ requestHeaderName: string; requestToken: string }>("/api/csrf");
    if (reply.status === 200) this.csrf = reply.body;
    return reply;
  }

  deadlines() {
    return this.get<Record<string, unknown>>("/api/deadlines");
  }

  whitelist() {
    return this.get<{ allowedCharacters: string }>("/api/characters-whitelist");
  }

  captchaConfig() {
    return this.get<{ enabled: boolean; provider: string; siteKey: string; url: string | null; class: string }>(
      "/api/captcha",
    );
  }

  /** SPEC §7 (no parameter): the list of model configs, every form type's. */
  modelConfig() {
    return this.get<ListedModelConfig[]>("/api/forms/config");
  }

  signatureDate(culture: string) {
    return this.get<{ culture: string; signatureDate: string; displayDate: string }>(
      `/api/signature-date?culture=${encodeURIComponent(culture)}`,
    );
  }

  /**
   * SPEC §7 authorize: JSON with the credentials model and the captcha token. On success the
   * session has a new id; the reply's csrf is the token for the calls that follow (docs/api.md).
   */
  async authorize(formType: string, credentials: unknown, reCaptchaResponse: string | null) {
    const reply = await this.call<Authorization>(
      "POST",
      `/api/forms/${formType}/authorize`,
      JSON.stringify({ credentials, reCaptchaResponse }),
      "application/json",
    );
    // A lookup signs in to nothing: its answer has no new token, and the session's stays.
    if (reply.body.authorized && reply.body.csrf) this.csrf = reply.body.csrf;
    return reply;
  }

  /**
   * SPEC §7 submission: multipart, each payload part JSON (a part given as a string is sent as
   * that very text: a raw captcha token), files under "documents" named by their context's client id.
   */
  submit(formType: string, parts: Record<string, unknown>, documents: Document[] = []) {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts))
      if (value !== undefined) form.append(name, typeof value === "string" ? value : JSON.stringify(value));
    for (const document of documents) form.append("documents", document.content, document.clientId);
    return this.call<{ referenceCodeForm: string; claim: Record<string, unknown> } | ApiError>(
      "POST",
      `/api/forms/${formType}`,
      form,
    );
  }

  /** SPEC §7: log out. */
  sessionTimeout() {
    return this.call<string | ApiError>("POST", "/api/session-timeout");
  }

  /** docs/api.md: the claimant is still there. */
  keepAlive() {
    return this.call<string | ApiError>("POST", "/api/session/keep-alive");
  }
}
