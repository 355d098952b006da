import type { ShouldRevalidateFunction } from "react-router";

/**
 * A page with a captcha gets its data again after every answer its form gets, refused ones too
 * (React Router skips that after a 4xx by default): the sum offered in place of the widget is good
 * for one try, and a try refused for another reason (a wrong PIN) has used it up, so the page needs
 * a new one. Without it, a claimant whose widget could not load could not sign in again until they
 * reloaded the page.
 */
export const newChallengeAfterEachAnswer: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;
