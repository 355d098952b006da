import { describe, expect, test } from "vitest";
import { routeKind } from "#app/http/metrics-route.server.ts";
import { Registry } from "#app/metrics/registry.ts";

describe("the metrics registry (Prometheus' text format)", () => {
  test("a histogram's buckets are cumulative, with +Inf, its sum and count; a label value's quotes, backslashes and newlines are escaped", () => {
    const registry = new Registry();
    const histogram = registry.histogram("test_seconds", "Test times.", [0.1, 1]);
    histogram.observe({ route: 'a"b\\c\nd' }, 0.05);
    histogram.observe({ route: 'a"b\\c\nd' }, 0.5);
    histogram.observe({ route: 'a"b\\c\nd' }, 5);
    const counter = registry.counter("test_total", "Tests.");
    counter.inc();
    counter.inc({}, 2);
    expect(registry.text()).toBe(
      [
        "# HELP test_seconds Test times.",
        "# TYPE test_seconds histogram",
        'test_seconds_bucket{route="a\\"b\\\\c\\nd",le="0.1"} 1',
        'test_seconds_bucket{route="a\\"b\\\\c\\nd",le="1"} 2',
        'test_seconds_bucket{route="a\\"b\\\\c\\nd",le="+Inf"} 3',
        'test_seconds_sum{route="a\\"b\\\\c\\nd"} 5.55',
        'test_seconds_count{route="a\\"b\\\\c\\nd"} 3',
        "# HELP test_total Tests.",
        "# TYPE test_total counter",
        "test_total 3",
        "",
      ].join("\n"),
    );
  });

  test("a request's kind is one of a few, never its address", () => {
    expect(
      [
        "/healthz",
        "/metrics",
        "/api/forms/standard/submit",
        "/API",
        "/assets/entry-x.js",
        "/favicon.svg",
        "/standard/claimant-info",
        "/",
      ].map(routeKind),
    ).toEqual(["health", "metrics", "api", "api", "asset", "asset", "page", "page"]);
  });
});
