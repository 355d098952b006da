/**
 * Why a use case did not do what was asked: the reason (each door turns it into a page or an API
 * error code), the message's key in locales/, and its status class: 400 the claimant's to put
 * right, 401 credentials that prove no one, 429 too many tries, 503 a service away.
 */
export interface Refusal<Reason extends string> {
  ok: false;
  reason: Reason;
  key: string;
  status: 400 | 401 | 429 | 503;
}
