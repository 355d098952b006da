import { CLAIM_FORM_TYPES } from "#app/flow-registry/flows.ts";
import { HOUR_MS, type SignInOutcome } from "#app/storage/claim-events.ts";
import { BURST_CLAIMS, type ClaimsReport, clusterName } from "./claims-report.server.ts";

/**
 * The report as one self-contained page (`npm run portal -- report --html <file>`, issue 27): its
 * styles in it, its charts SVG, no script, nothing fetched. Each chart is an image with a title and
 * a description a screen reader reads, and its figures are a table beside it; at 360 px the charts
 * shrink to fit and only a table may scroll, in a region of its own.
 */

/**
 * A chart's width in its own units: at 360 px it is drawn at three quarters, its 16-unit text at
 * 12 px; on a wide screen at most 560 px.
 */
const WIDTH = 480;

/** Series colours, each 4.5:1 or more against white (WCAG 1.4.11 asks 3:1 of a chart's parts). */
const COLOURS = ["#1d70b8", "#00703c", "#4c2c92", "#d4351c", "#505a5f"];

const OUTCOMES: Array<[SignInOutcome, string]> = [
  ["succeeded", "Succeeded"],
  ["failed", "Failed (credentials matched no one)"],
  ["refused", "Refused (Claim ID locked)"],
];

const STATUS_ORDER = ["received", "under_review", "documents_needed", "approved", "denied", "paid"] as const;

/** Text made safe in HTML and SVG. */
const htmlText = (text: string | number) =>
  String(text).replace(
    /[&<>"']/g,
    (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!,
  );

const statusLabel = (status: string) => {
  const words = status.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const number = (value: number) => value.toLocaleString("en-US");
/** The sign-ins chart's hours: the last week's. */
const SIGN_IN_HOURS = 7 * 24;

/** Every day from `first` to `last` (YYYY-MM-DD, both included); none without them. */
function everyDay(first: string | undefined, last: string | undefined): string[] {
  if (!first || !last) return [];
  const days: string[] = [];
  for (let day = Date.parse(`${first}T00:00:00Z`); day <= Date.parse(`${last}T00:00:00Z`); day += 24 * HOUR_MS)
    days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}
const hourLabel = (start: number) => `${new Date(start).toISOString().slice(0, 13).replace("T", " ")}:00 UTC`;

interface Series {
  name: string;
  values: number[];
}

/**
 * Stacked bars, one per category (a day, an hour), the series one above the other: an SVG that
 * scales to the page's width, with its axis's largest value and its first and last categories.
 */
function stackedBars(id: string, title: string, description: string, categories: string[], series: Series[]): string {
  const width = WIDTH;
  const height = 240;
  const left = 48;
  const bottom = 28;
  const totals = categories.map((_, index) => series.reduce((sum, one) => sum + one.values[index]!, 0));
  const top = Math.max(1, ...totals);
  const slot = (width - left) / Math.max(1, categories.length);
  const bar = Math.max(1, slot * 0.8);
  const scale = (value: number) => (value / top) * (height - bottom - 8);
  const rects = categories.flatMap((_, index) => {
    let y = height - bottom;
    return series.flatMap((one, which) => {
      const value = one.values[index]!;
      if (value === 0) return [];
      const h = scale(value);
      y -= h;
      return [
        `<rect x="${(left + index * slot + (slot - bar) / 2).toFixed(2)}" y="${y.toFixed(2)}" width="${bar.toFixed(2)}" height="${h.toFixed(2)}" fill="${COLOURS[which % COLOURS.length]}"/>`,
      ];
    });
  });
  const axis = [
    `<line x1="${left}" y1="${height - bottom}" x2="${width}" y2="${height - bottom}" stroke="#0b0c0c"/>`,
    `<line x1="${left}" y1="8" x2="${left}" y2="${height - bottom}" stroke="#0b0c0c"/>`,
    `<text x="${left - 6}" y="16" text-anchor="end">${number(top)}</text>`,
    `<text x="${left - 6}" y="${height - bottom}" text-anchor="end">0</text>`,
    ...(categories.length > 0 ? [`<text x="${left}" y="${height - 8}">${htmlText(categories[0]!)}</text>`] : []),
    // One category (a single day) is named once.
    ...(categories.length > 1
      ? [`<text x="${width}" y="${height - 8}" text-anchor="end">${htmlText(categories.at(-1)!)}</text>`]
      : []),
  ];
  return svg(id, title, description, width, height, [...axis, ...rects]);
}

/** Horizontal bars, each under its label and followed by its value: statuses, clusters. */
function horizontalBars(id: string, title: string, description: string, rows: Array<[string, number]>): string {
  const width = WIDTH;
  const row = 48;
  const height = Math.max(1, rows.length) * row + 8;
  const top = Math.max(1, ...rows.map(([, value]) => value));
  const parts = rows.flatMap(([name, value], index) => {
    const y = 4 + index * row;
    const w = (value / top) * (width - 72);
    return [
      `<text x="0" y="${y + 16}">${htmlText(name)}</text>`,
      `<rect x="0" y="${y + 24}" width="${Math.max(1, w).toFixed(2)}" height="16" fill="${COLOURS[0]}"/>`,
      `<text x="${(w + 8).toFixed(2)}" y="${y + 38}">${number(value)}</text>`,
    ];
  });
  return svg(id, title, description, width, height, parts);
}

function svg(id: string, title: string, description: string, width: number, height: number, parts: string[]) {
  return `<svg role="img" aria-labelledby="${id}-title ${id}-desc" viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMinYMin meet">
<title id="${id}-title">${htmlText(title)}</title><desc id="${id}-desc">${htmlText(description)}</desc>
${parts.join("\n")}
</svg>`;
}

function legend(series: string[]): string {
  return `<ul class="legend">${series
    .map((name, index) => `<li><span class="swatch c${index % COLOURS.length}"></span>${htmlText(name)}</li>`)
    .join("")}</ul>`;
}

/** A table of the chart's figures, in a region that may scroll on its own on a narrow screen. */
function figures(caption: string, header: string[], rows: Array<Array<string | number>>): string {
  // A column of numbers is set right, as figures are read; a column of words left.
  const numeric = header.map((_, column) => column > 0 && rows.every((row) => typeof row[column] === "number"));
  const cellClass = (column: number) => (numeric[column] ? ' class="n"' : "");
  return `<details><summary>${htmlText(caption)}: the figures</summary>
<div class="table" role="region" aria-label="${htmlText(caption)}: the figures" tabindex="0"><table>
<thead><tr>${header.map((cell, column) => `<th scope="col"${cellClass(column)}>${htmlText(cell)}</th>`).join("")}</tr></thead>
<tbody>${rows
    .map(
      (row) =>
        `<tr>${row.map((cell, column) => (column === 0 ? `<th scope="row">${htmlText(cell)}</th>` : `<td${cellClass(column)}>${htmlText(typeof cell === "number" ? number(cell) : cell)}</td>`)).join("")}</tr>`,
    )
    .join("\n")}</tbody></table></div></details>`;
}

function section(id: string, heading: string, body: string): string {
  return `<section aria-labelledby="${id}"><h2 id="${id}">${htmlText(heading)}</h2>\n${body}\n</section>`;
}

/** The page: claims per day by flow, statuses, sign-ins per hour, the signals across claims. */
export function reportPage(report: ClaimsReport, caseName: string): string {
  const flows = CLAIM_FORM_TYPES.filter((type) => (report.totals[type] ?? 0) > 0);
  // Every day from the first claim's to the last's, and every hour of the week: a day or an hour
  // without any is a bar of 0, so a gap in the chart is a gap in time.
  const days = everyDay(report.days[0]?.day, report.days.at(-1)?.day);
  const countsOf = new Map(report.days.map((day) => [day.day, day.counts]));
  const perDay = stackedBars(
    "days",
    "Claims filed per day, by flow",
    `${number(report.total)} claims over ${days.length} days (Los Angeles time): ${flows.map((type) => `${type} ${number(report.totals[type]!)}`).join(", ") || "none yet"}.`,
    days,
    flows.map((type) => ({ name: type, values: days.map((day) => countsOf.get(day)?.[type] ?? 0) })),
  );
  const statuses = STATUS_ORDER.filter((status) => (report.statuses[status] ?? 0) > 0).map(
    (status) => [statusLabel(status), report.statuses[status]!] as [string, number],
  );
  const lastHour = Math.floor(report.madeAt / HOUR_MS) * HOUR_MS;
  const hours = Array.from({ length: SIGN_IN_HOURS }, (_, index) => lastHour - (SIGN_IN_HOURS - 1 - index) * HOUR_MS);
  const attempts = (hour: number, outcome: SignInOutcome) =>
    report.signIns.find((entry) => entry.hourStart === hour && entry.outcome === outcome)?.attempts ?? 0;
  const signInTotals = OUTCOMES.map(
    ([outcome, name]) => [name, hours.reduce((sum, hour) => sum + attempts(hour, outcome), 0)] as const,
  );
  const clusters = report.signals.shared.slice(0, 20);
  const css = `
:root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #0b0c0c; }
body { margin: 0; }
main { max-width: 960px; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.75rem; margin: 0 0 .5rem; }
h2 { font-size: 1.35rem; margin: 2rem 0 .5rem; }
figure { margin: 1rem 0; }
svg { display: block; width: 100%; height: auto; max-width: 560px; font-size: 16px; fill: #0b0c0c; }
svg rect { shape-rendering: crispEdges; }
.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem 1rem; margin: .5rem 0; }
.swatch { display: inline-block; width: .9rem; height: .9rem; margin-right: .35rem; vertical-align: -.1rem; }
${COLOURS.map((colour, index) => `.c${index} { background: ${colour}; }`).join("\n")}
.table { overflow-x: auto; max-width: 100%; }
.table:focus { outline: 3px solid #ffdd00; }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { text-align: left; padding: .25rem .75rem .25rem 0; border-bottom: 1px solid #b1b4b6; vertical-align: top; }
.n { text-align: right; font-variant-numeric: tabular-nums; }
summary { cursor: pointer; color: #1d70b8; text-decoration: underline; }
summary:focus { outline: 3px solid #ffdd00; }
.codes { overflow-wrap: anywhere; }
`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Claims report: ${htmlText(caseName)}</title>
<style>${css}</style>
</head>
<body>
<main>
<h1>Claims report</h1>
<p>${htmlText(caseName)}. Made ${htmlText(new Date(report.madeAt).toISOString().replace("T", " ").slice(0, 16))} UTC: ${number(report.total)} claims filed.</p>
${section(
  "per-day",
  "Claims filed per day",
  `${report.total === 0 ? "<p>No claims filed yet.</p>" : ""}<figure>${perDay}<figcaption>${legend(flows)}</figcaption></figure>
${figures(
  "Claims filed per day",
  ["Day (Los Angeles)", ...flows, "Total"],
  report.days.map((day) => [day.day, ...flows.map((type) => day.counts[type] ?? 0), day.total]),
)}`,
)}
${section(
  "statuses",
  "Claims by status",
  `${statuses.length === 0 ? "<p>No claims filed yet.</p>" : ""}<figure>${horizontalBars("status-chart", "Claims by their current status", statuses.map(([name, value]) => `${name}: ${number(value)}`).join(", ") || "No claims yet.", statuses)}</figure>
${figures("Claims by status", ["Status", "Claims"], statuses)}`,
)}
${section(
  "sign-ins",
  "Sign-ins per hour, the last 7 days",
  `<figure>${stackedBars(
    "sign-in-chart",
    "Sign-ins per hour, by how they ended",
    `${signInTotals.map(([name, total]) => `${name}: ${number(total)}`).join(", ")}, hour by hour over the last 7 days.`,
    hours.map(hourLabel),
    OUTCOMES.map(([outcome, name]) => ({ name, values: hours.map((hour) => attempts(hour, outcome)) })),
  )}<figcaption>${legend(OUTCOMES.map(([, name]) => name))}</figcaption></figure>
${figures(
  "Sign-ins per hour",
  ["Hour", ...OUTCOMES.map(([, name]) => name)],
  hours
    .filter((hour) => OUTCOMES.some(([outcome]) => attempts(hour, outcome) > 0))
    .map((hour) => [hourLabel(hour), ...OUTCOMES.map(([outcome]) => attempts(hour, outcome))]),
)}`,
)}
${section(
  "signals",
  "Claims that share a value",
  `<p>A bank account, an e-mail address, a phone number or a mailing address that several claims share (kept as keyed hashes, never in clear), the largest clusters first. None refuses a claim by itself: review starts from them (docs/operating.md, "Signals across claims and the audit trail").</p>
${clusters.length === 0 ? "<p>No value is shared by two claims or more.</p>" : ""}<figure>${horizontalBars(
    "cluster-chart",
    "The largest clusters of claims sharing a value",
    clusters.map((cluster) => `${clusterName(cluster)}: ${cluster.claims} claims`).join(", ") ||
      "No value is shared by two claims or more.",
    clusters.map((cluster) => [clusterName(cluster), cluster.claims]),
  )}</figure>
${figures(
  "Clusters",
  ["Cluster", "Claims", "Reference codes (the first 20)"],
  clusters.map((cluster) => [clusterName(cluster), cluster.claims, cluster.referenceCodes.join(", ")]),
)}
<p>Networks that filed ${BURST_CLAIMS} or more claims within an hour: ${number(report.signals.bursts.length)}${report.signals.bursts.length ? `: ${report.signals.bursts.map((burst) => `${htmlText(burst.network)} (${number(burst.claims)} in the hour from ${hourLabel(burst.hourStart)})`).join("; ")}` : ""}.</p>
<p>Claims filed less than a minute after signing in: ${number(report.signals.fast?.claims ?? 0)}.</p>`,
)}
</main>
</body>
</html>
`;
}
