import { request } from "node:http";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { vi } from "vitest";
import { spawnCollecting, tempDir, type Spawned } from "./processes";
import { freePort } from "./smtp";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

const OPERATIONS = fileURLToPath(new URL("../../docs/operations.md", import.meta.url));

/** The one nginx configuration: the `nginx` block of docs/operations.md, as operators copy it. */
export function documentedNginxConfig(): string {
  const blocks = [...readFileSync(OPERATIONS, "utf8").matchAll(/^```nginx\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
  if (blocks.length !== 1) throw new Error(`docs/operations.md should hold one nginx block, and holds ${blocks.length}`);
  return blocks[0]!;
}

/** `text` with `from` replaced by `to`, where `from` must occur exactly once: a changed doc fails loudly. */
function replaceOnce(text: string, from: string | RegExp, to: string): string {
  const count = typeof from === "string" ? text.split(from).length - 1 : [...text.matchAll(new RegExp(from, "g"))].length;
  if (count !== 1) throw new Error(`the documented nginx block should hold ${String(from)} once, and holds it ${count} times`);
  return text.replace(from, to);
}

export interface Nginx {
  url: string;
  /** The round-robin front, or `/__a`, `/__b`…: the same site pinned to one instance (the prefix is taken off). */
  pinned(name: string): string;
  /** The access log's lines so far: `METHOD URI STATUS upstream-addresses upstream-statuses`. */
  accessLog(): string[];
  /** nginx's error log so far (warnings and worse). */
  errorLog(): string;
  process: Spawned;
  stop(): Promise<void>;
}

/**
 * Runs Debian's nginx as this test's own process (its own prefix, config and PID file) with the documented
 * configuration in front of `instances` (their ports, in the documented upstream's order), on a free loopback port.
 * For tests it adds one thing: a path prefix `/__<name>` that sends a request to that instance alone.
 */
export async function startNginx(instances: Record<string, number>, port?: number): Promise<Nginx> {
  const listen = port ?? (await freePort());
  const prefix = tempDir("boutique-nginx-");
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(prefix, sub));
  const names = Object.keys(instances);
  let site = documentedNginxConfig();
  // The documented upstream lists two example addresses: each becomes one of ours.
  const examples = [...site.matchAll(/^\s*server (\S+:\d+)/gm)].map((match) => match[1]!);
  if (examples.length !== names.length) throw new Error(`the documented upstream lists ${examples.length} servers, not ${names.length}`);
  examples.forEach((address, i) => (site = replaceOnce(site, `server ${address}`, `server 127.0.0.1:${instances[names[i]!]}`)));
  site = replaceOnce(site, /listen 80;/, `listen 127.0.0.1:${listen};\n    rewrite ^/__(${names.join("|")})(/.*)$ $2 break;`);
  site = replaceOnce(site, "proxy_pass http://boutique;", "proxy_pass http://$boutique_upstream;");
  const config = `worker_processes 1;
error_log ${prefix}/error.log warn;
events { worker_connections 512; }
http {
    log_format upstreams '$request_method $request_uri $status "$upstream_addr" "$upstream_status"';
    access_log ${prefix}/access.log upstreams;
    client_body_temp_path ${prefix}/body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    map $request_uri $boutique_upstream {
        default boutique;
${names.map((name) => `        ~^/__${name}/ boutique_${name};`).join("\n")}
    }
${names.map((name) => `    upstream boutique_${name} { server 127.0.0.1:${instances[name]}; }`).join("\n")}
${site}
}
`;
  const conf = join(prefix, "nginx.conf");
  writeFileSync(conf, config);
  const child = spawnCollecting(
    NGINX,
    ["-p", prefix, "-e", join(prefix, "error.log"), "-c", conf, "-g", `daemon off; pid ${prefix}/nginx.pid;`],
    {},
  );
  const url = `http://127.0.0.1:${listen}`;
  const stop = async () => {
    if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill("SIGQUIT");
    await child.exited;
  };
  try {
    await vi.waitFor(
      async () => {
        if (child.child.exitCode !== null) throw new Error(`nginx exited: ${child.stderr()}`);
        const response = await fetch(`${url}/healthz`);
        if (response.status !== 200) throw new Error(`nginx answered /healthz with ${response.status}`);
      },
      { timeout: 15_000, interval: 50 },
    );
  } catch (error) {
    await stop();
    throw new Error(`nginx did not come up; its error log:\n${readFileSync(join(prefix, "error.log"), "utf8")}`, { cause: error });
  }
  return {
    url,
    pinned: (name) => `${url}/__${name}`,
    accessLog: () => readFileSync(join(prefix, "access.log"), "utf8").split("\n").filter(Boolean),
    errorLog: () => readFileSync(join(prefix, "error.log"), "utf8"),
    process: child,
    stop,
  };
}

/** One request sent from a chosen loopback address (a second client, as the proxy sees it): its status and body. */
export function requestFrom(
  localAddress: string,
  url: string,
  { method = "GET", body }: { method?: string; body?: URLSearchParams } = {},
): Promise<{ status: number; body: string }> {
  const payload = body?.toString();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        localAddress,
        headers:
          payload === undefined
            ? {}
            : { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(payload) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
