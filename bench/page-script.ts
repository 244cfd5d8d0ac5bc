/**
 * Where a page's JavaScript spends the browser's main thread on a first visit:
 * Chromium's sampling profiler around each load of the page (a phone: small touch viewport,
 * fresh context, the splash skipped so only the page's own work is counted),
 * then the functions with the most time, self and inclusive, averaged per load.
 * Lighthouse's Total Blocking Time comes from this work (decision 0015).
 *
 * Names are readable only in an unminified build; the figures hold either way:
 *
 *   npx react-router build --minify false && npx tsx bench/page-script.ts [path=/] [loads=3]
 *   npm run build && npx tsx bench/page-script.ts /weddings 5
 *
 * Profiles wobble with the machine's load (it times real work on real cores):
 * compare runs made one after the other, not across days.
 */
import { chromium } from "@playwright/test";
import { printHeader, startBenchServer, table } from "./bench-helpers";

const path = process.argv[2] ?? "/";
const loads = Number(process.argv[3] ?? 3);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const IGNORED = new Set(["(idle)", "(program)", "(garbage collector)", "(root)"]);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const server = await startBenchServer({}, { output: "ignore" });
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let scriptMs = 0;
let garbageMs = 0;
try {
  // One unmeasured visit: the server prepares what it prepares lazily.
  await fetch(`${server.base}${path}`).then((response) => response.text());
  for (let load = 0; load < loads; load++) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.addInitScript(() => window.sessionStorage.setItem("hive:intro-seen", "1"));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
    await page.goto(`${server.base}${path}`, { waitUntil: "load" });
    // Hydration and the effects after it.
    await page.waitForTimeout(2000);
    const { profile } = (await cdp.send("Profiler.stop")) as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const where = (url: string) => (url === "" ? "(native)" : url.split("/").pop() || "(the document's inline scripts)");
    const label = (node: ProfileNode) =>
      `${node.callFrame.functionName || "(top level)"} ${where(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
    profile.samples.forEach((id, index) => {
      const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
      const node = byId.get(id)!;
      if (node.callFrame.functionName === "(garbage collector)") garbageMs += ms;
      if (IGNORED.has(node.callFrame.functionName)) return;
      scriptMs += ms;
      self.set(label(node), (self.get(label(node)) ?? 0) + ms);
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const key = label(byId.get(at)!);
        if (IGNORED.has(byId.get(at)!.callFrame.functionName) || seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
      }
    });
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}

const top = (map: Map<string, number>, count: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => [name, Number((ms / loads).toFixed(1))]);
printHeader(`The main thread's JavaScript on a first visit to ${path}`, `npx tsx bench/page-script.ts ${path} ${loads}`);
process.stdout.write(
  `Per load, averaged over ${loads}: ${(scriptMs / loads).toFixed(0)} ms of script, ${(garbageMs / loads).toFixed(0)} ms of garbage collection.\n\n`,
);
process.stdout.write(`${table(["function (self time)", "ms per load"], top(self, 15))}\n\n`);
process.stdout.write(`${table(["function (with what it calls)", "ms per load"], top(inclusive, 30))}\n`);
