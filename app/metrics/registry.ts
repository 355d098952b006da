/**
 * Counters, histograms and gauges in Prometheus' text format (version 0.0.4), the little of a
 * metrics library the portal needs: an instance keeps its own figures, and Prometheus scrapes each
 * instance (docs/operating.md "Metrics"). Label values are few and known (a route kind, a status,
 * a flow), never what a claimant typed.
 */
type Labels = Record<string, string>;

interface Metric {
  /** Its lines: # HELP, # TYPE, then its samples. */
  lines(): string[];
}

/** A label set as Prometheus writes it: {a="1",b="2"}, with \, " and newlines escaped. */
function labelText(labels: Labels, extra: Labels = {}): string {
  const all = { ...labels, ...extra };
  const keys = Object.keys(all);
  if (keys.length === 0) return "";
  const escaped = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
  return `{${keys.map((key) => `${key}="${escaped(all[key]!)}"`).join(",")}}`;
}

/** A number as Prometheus reads it (+Inf, NaN; no exponent needed for ours). */
const numberText = (value: number) =>
  Number.isNaN(value) ? "NaN" : value === Infinity ? "+Inf" : value === -Infinity ? "-Inf" : String(value);

const header = (name: string, help: string, type: string) => [
  `# HELP ${name} ${help.replace(/\\/g, "\\\\").replace(/\n/g, "\\n")}`,
  `# TYPE ${name} ${type}`,
];

export class Registry {
  readonly #metrics: Metric[] = [];

  /** A count that only goes up (its name ends in _total), per label set. */
  counter(name: string, help: string): Counter {
    const counter = new Counter(name, help);
    this.#metrics.push(counter);
    return counter;
  }

  /** Observations (durations) counted into buckets, per label set. */
  histogram(name: string, help: string, buckets: readonly number[]): Histogram {
    const histogram = new Histogram(name, help, buckets);
    this.#metrics.push(histogram);
    return histogram;
  }

  /** Values read when scraped (`read`: each label set's value now). */
  gauge(name: string, help: string, read: () => Array<{ labels?: Labels; value: number }>): void {
    this.#metrics.push({
      lines: () => [
        ...header(name, help, "gauge"),
        ...read().map((sample) => `${name}${labelText(sample.labels ?? {})} ${numberText(sample.value)}`),
      ],
    });
  }

  /** Every metric, as a scrape reads it. */
  text(): string {
    return `${this.#metrics.flatMap((metric) => metric.lines()).join("\n")}\n`;
  }
}

export class Counter implements Metric {
  readonly #values = new Map<string, { labels: Labels; value: number }>();
  readonly name: string;
  readonly help: string;
  constructor(name: string, help: string) {
    this.name = name;
    this.help = help;
  }

  inc(labels: Labels = {}, by = 1): void {
    const key = labelText(labels);
    const entry = this.#values.get(key) ?? { labels, value: 0 };
    entry.value += by;
    this.#values.set(key, entry);
  }

  lines(): string[] {
    return [
      ...header(this.name, this.help, "counter"),
      ...[...this.#values.values()].map((entry) => `${this.name}${labelText(entry.labels)} ${entry.value}`),
    ];
  }
}

export class Histogram implements Metric {
  readonly #series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  readonly name: string;
  readonly help: string;
  readonly buckets: readonly number[];
  constructor(name: string, help: string, buckets: readonly number[]) {
    this.name = name;
    this.help = help;
    this.buckets = buckets;
  }

  observe(labels: Labels, value: number): void {
    const key = labelText(labels);
    const series = this.#series.get(key) ?? { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
    for (const [index, bound] of this.buckets.entries()) if (value <= bound) series.counts[index]!++;
    series.sum += value;
    series.count++;
    this.#series.set(key, series);
  }

  lines(): string[] {
    return [
      ...header(this.name, this.help, "histogram"),
      ...[...this.#series.values()].flatMap((series) => [
        ...this.buckets.map(
          (bound, index) =>
            `${this.name}_bucket${labelText(series.labels, { le: numberText(bound) })} ${series.counts[index]}`,
        ),
        `${this.name}_bucket${labelText(series.labels, { le: "+Inf" })} ${series.count}`,
        `${this.name}_sum${labelText(series.labels)} ${numberText(series.sum)}`,
        `${this.name}_count${labelText(series.labels)} ${series.count}`,
      ]),
    ];
  }
}
