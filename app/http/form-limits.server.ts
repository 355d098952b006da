/**
 * What a posted form may carry beyond its size (MAX_FORM_BYTES, FIELD_SIZE_LIMIT), url-encoded or
 * multipart alike. Both caps sit far above any form of ours, so only a body built to hurt reaches
 * them (issue 23): 30,000 fields in 90 KB held the server for 25 s, and a name 5,000 parts deep
 * overflowed the stack.
 */

/**
 * The most fields one form may post. The largest step (reimbursement's claimant-info) has 17
 * questions, plus a handful of hidden ones (csrf, intent, captcha); a record is posted on a form of
 * its own, one record at a time, so records add nothing. 500 leaves twenty times that for a
 * settlement's bigger forms. Over it, a url-encoded form is a 413 (too large); multipart's reader
 * (app/documents/upload.server.ts) stops at the same count.
 */
export const MAX_FORM_FIELDS = 500;

/**
 * The most dotted parts a field name may have. Ours have two ("claimantInfo.firstName"); the
 * answers are read into objects as deep as the names (app/forms/submission.ts), which recursion
 * then walks. Deeper is no form of ours: a 400.
 */
export const MAX_NAME_PARTS = 8;

export function nameTooDeep(name: string): boolean {
  // split stops once it has one part more than allowed: a long name is not split whole.
  return name.split(".", MAX_NAME_PARTS + 1).length > MAX_NAME_PARTS;
}
