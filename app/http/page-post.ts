/**
 * A form posted by the page's scripts (app/client/page-post.ts) says so with this header, and the
 * server answers its redirect as a 204 with the address in PAGE_LOCATION_HEADER (page-post.server.ts):
 * a fetch cannot read a redirect's address, and following it would load the next page twice.
 */
export const PAGE_POST_HEADER = "X-Page-Post";
export const PAGE_LOCATION_HEADER = "X-Page-Location";
