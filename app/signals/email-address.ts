/**
 * One text for an e-mail address however it was typed: in lower case, without spaces or invisible
 * characters (" Bo@Example.com" and "bo\u200b@example.com" are bo@example.com: a zero-width space
 * is no other person). What the open flow's e-mail key and the e-mail signal are made from.
 */
export function emailAddressText(email: string): string {
  return email
    .normalize("NFKC")
    .replace(/[\s\p{Cf}]/gu, "")
    .toLowerCase();
}
