import type { Translate } from "#app/i18n/i18n.ts";
import type { Option } from "./options.ts";

/** US states, DC, the territories and the military "states" AA, AE and AP (SPEC §3). */
export const US_STATES: Option[] = (
  "AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|DC District of Columbia|" +
  "FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|KY Kentucky|LA Louisiana|ME Maine|" +
  "MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|" +
  "NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|" +
  "PA Pennsylvania|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|VT Vermont|VA Virginia|" +
  "WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming|AS American Samoa|GU Guam|MP Northern Mariana Islands|PR Puerto Rico|" +
  "VI U.S. Virgin Islands|UM U.S. Minor Outlying Islands|AA Armed Forces Americas|AE Armed Forces Europe|AP Armed Forces Pacific"
)
  .split("|")
  .map((entry) => ({ value: entry.slice(0, 2), label: entry.slice(3) }));

/**
 * Countries by ISO 3166-1 two-letter code (the sovereign states and the larger territories, about
 * 200). Their names are shown in the claimant's language through Intl.DisplayNames.
 */
const COUNTRY_CODES =
  "AF AL DZ AD AO AG AR AM AU AT AZ BS BH BD BB BY BE BZ BJ BT BO BA BW BR BN BG BF BI CV KH CM CA CF TD CL CN CO KM CG CD CR CI HR CU CY CZ " +
  "DK DJ DM DO EC EG SV GQ ER EE SZ ET FJ FI FR GA GM GE DE GH GR GD GT GN GW GY HT HN HK HU IS IN ID IR IQ IE IL IT JM JP JO KZ KE KI KP KR " +
  "XK KW KG LA LV LB LS LR LY LI LT LU MO MG MW MY MV ML MT MH MR MU MX FM MD MC MN ME MA MZ MM NA NR NP NL NZ NI NE NG MK NO OM PK PW PS PA " +
  "PG PY PE PH PL PT QA RO RU RW KN LC VC WS SM ST SA SN RS SC SL SG SK SI SB SO ZA SS ES LK SD SR SE CH SY TW TJ TZ TH TL TG TO TT TN TR TM " +
  "TV UG UA AE GB US UY UZ VU VA VE VN YE ZM ZW AW BM KY CW GL GP GF MQ NC PF RE";

export const COUNTRIES: Option[] = COUNTRY_CODES.split(" ").map((code) => ({ value: code, label: `Country_${code}` }));

const namesByCulture = new Map<string, Record<string, string>>();

/**
 * Every country's name in the culture (Intl), built once per culture on the server: they become
 * the culture's "Country_XX" texts, so the browser renders exactly the server's names.
 */
export function countryNames(culture: string): Record<string, string> {
  let names = namesByCulture.get(culture);
  if (!names) {
    const display = new Intl.DisplayNames([culture], { type: "region" });
    names = Object.fromEntries(COUNTRIES.map((country) => [country.value, display.of(country.value) ?? country.value]));
    namesByCulture.set(culture, names);
  }
  return names;
}

/**
 * A country's name as the culture's texts give it (its "Country_XX" text, the name its list shows),
 * or its code when there is none. Not Intl's: in the browser its first use would load the
 * culture's region names (issue 26), and the texts are the server's names.
 */
export function countryLabel(code: string, text: Translate): string {
  const key = `Country_${code}`;
  const name = text(key);
  return name === key ? code : name;
}
