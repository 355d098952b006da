import { checkDateEntry } from "../../date-entry.ts";
import type { NormalizeField } from "../field-kind.ts";

/** A date typed in the claimant's order, checked against its picker's rules, stored MM/dd/yyyy (date-kind.ts). */
export const normalizeDate: NormalizeField = (field, typed, { dateOrder }) => checkDateEntry(typed, field, dateOrder);
