import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extractCachedCluster } from "~/db/cluster-tar.server";
import { tempDir } from "../../helpers/processes";

/** One ustar entry: a 512-byte header, then the content padded to whole blocks. */
function entry(name: string, type: "0" | "5" | "2", content = ""): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, "utf8");
  header.write("0000600\0", 100);
  header.write(`${Buffer.byteLength(content).toString(8).padStart(11, "0")}\0`, 124);
  header.write(type, 156);
  header.write("ustar\0" + "00", 257);
  const body = Buffer.alloc(Math.ceil(Buffer.byteLength(content) / 512) * 512);
  body.write(content);
  return Buffer.concat([header, body]);
}

function archive(...entries: Buffer[]): string {
  const file = join(tempDir(), "cluster.tar");
  writeFileSync(file, Buffer.concat([...entries, Buffer.alloc(1024)]));
  return file;
}

describe("a cached cluster written out from its tarball", () => {
  it("writes its folders and files, readable by this user only", () => {
    const folder = join(tempDir(), "pgdata");
    const text = "x".repeat(700);
    extractCachedCluster(archive(entry("/base", "5"), entry("/base/1", "0", text), entry("/PG_VERSION", "0", "17\n")), folder);
    expect(readFileSync(join(folder, "base", "1"), "utf8")).toBe(text);
    expect(readFileSync(join(folder, "PG_VERSION"), "utf8")).toBe("17\n");
    expect((statSync(join(folder, "base")).mode & 0o777).toString(8)).toBe("700");
    expect((statSync(join(folder, "PG_VERSION")).mode & 0o777).toString(8)).toBe("600");
  });

  it("refuses an entry that would leave the folder, or one that is not a file or a folder", () => {
    const parent = tempDir();
    expect(() => extractCachedCluster(archive(entry("../outside", "0", "no")), join(parent, "pgdata"))).toThrow(/should not/);
    expect(existsSync(join(parent, "outside"))).toBe(false);
    expect(() => extractCachedCluster(archive(entry("/link", "2")), join(parent, "other"))).toThrow(/type 2/);
  });
});
