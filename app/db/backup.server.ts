import { createGunzip, createGzip } from "node:zlib";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { PassThrough, Readable, type Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { queryRows, type Database, type Executor } from "./client.server";

/**
 * A logical backup: gzip'd JSON lines, one header then one line per row.
 * It is engine-neutral (rows are read with row_to_json and written back with
 * json_populate_recordset), so a dump of the embedded PGlite database loads
 * into PostgreSQL and the other way round. Version 2 adds, after the rows,
 * one line per uploaded file the rows name (the inspiration images and
 * their thumbnails, base64), read from the image store, so a backup restored
 * elsewhere has its pictures too. Version 1 files (rows only) still load.
 */
export const BACKUP_FORMAT = "hive-boutique-backup";
const BATCH = 1000;
const FILE_BATCH = 200;

interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: 1 | 2;
  createdAt: string;
  migrations: number;
  tables: string[];
}

/** Where a backup reads the uploaded files its rows name, and where a restore writes them (the image store). */
export interface BackupFiles {
  open(key: string): Promise<{ stream: Readable; bytes: number } | null>;
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
}

export interface BackupSummary {
  /** Rows per table. */
  rows: Record<string, number>;
  /** Uploaded files written (backup) or stored (restore). */
  files: number;
  /** Files the rows name that the store did not have (backup only). */
  missingFiles: number;
}

export class BackupError extends Error {
  override name = "BackupError";
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables whose rows the database derives itself, by trigger, from the
 * others: not dumped, not checked for emptiness, and filled again by the
 * restore's own inserts (the admin count cards, migration 0014).
 */
const DERIVED_TABLES = new Set(["admin_row_counts"]);

/** Tables of the public schema, parents before children so foreign keys hold on restore. */
async function tablesInLoadOrder(db: Database): Promise<string[]> {
  const tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((t) => t.name)
    .filter((name) => !DERIVED_TABLES.has(name));
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, "");
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges) if (unquote(edge.child) === table && unquote(edge.parent) !== table) visit(unquote(edge.parent));
    visiting.delete(table);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

async function migrationCount(db: Database): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return rows[0]?.n ?? 0;
}

interface PageKey {
  /** Quoted column names of the primary key (or ctid when the table has none). */
  columns: string[];
  /** Each column's SQL type, to compare the last key read. */
  types: string[];
}

async function pageKey(db: Executor, table: string): Promise<PageKey> {
  const columns = await queryRows<{ column: string; type: string }>(
    db,
    sql`select a.attname as column, format_type(a.atttypid, a.atttypmod) as type from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${`public.${ident(table)}`}::regclass and i.indisprimary
        order by array_position(i.indkey, a.attnum)`,
  );
  return columns.length
    ? { columns: columns.map((c) => ident(c.column)), types: columns.map((c) => c.type) }
    : { columns: ["ctid"], types: ["tid"] };
}

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * Writes a backup of every table to `out`; resolves with the row count per
 * table. Every table is read in one REPEATABLE READ, READ ONLY transaction
 * (one snapshot: an order line written during the backup is in it only with
 * its order), a page at a time by primary key rather than OFFSET (each page
 * costs the same however deep it is).
 */
export async function writeBackup(db: Database, out: Writable, files: Pick<BackupFiles, "open"> | null): Promise<BackupSummary> {
  const counts: Record<string, number> = {};
  let fileCount = 0;
  let missingFiles = 0;
  await db.transaction(
    async (tx) => {
      const reader = tx as unknown as Database;
      const tables = await tablesInLoadOrder(reader);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: 2,
        createdAt: new Date().toISOString(),
        migrations: await migrationCount(reader),
        tables,
      };
      async function* lines() {
        yield `${JSON.stringify(header)}\n`;
        for (const table of tables) {
          counts[table] = 0;
          const key = await pageKey(reader, table);
          const keyList = key.columns.join(", ");
          const keyText = key.columns.map((c, i) => `(${c})::text as k${i}`).join(", ");
          let after: string[] | null = null;
          for (;;) {
            const where = after ? `where (${keyList}) > (${after.map((value, i) => `${literal(value)}::${key.types[i]}`).join(", ")})` : "";
            const rows: Record<string, string>[] = await queryRows<Record<string, string>>(
              reader,
              sql.raw(
                `select row_to_json(t)::text as row, ${keyText} from (select ${key.columns.includes("ctid") ? "ctid, " : ""}* from public.${ident(table)} ${where} order by ${keyList} limit ${BATCH}) t`,
              ),
            );
            for (const row of rows) yield `{"table":${JSON.stringify(table)},"row":${stripCtid(row.row!)}}\n`;
            counts[table] += rows.length;
            if (rows.length < BATCH) break;
            const last = rows[rows.length - 1]!;
            after = key.columns.map((_c, i) => last[`k${i}`]!);
          }
        }
        if (!files || !tables.includes("design_request_images")) return;
        // The files the rows of this same snapshot name, a page of keys at a time.
        let afterId: string | null = null;
        for (;;) {
          const page: { id: string; key: string; thumb_key: string }[] = await queryRows(
            reader,
            sql`select id::text as id, key, thumb_key from public.design_request_images ${afterId ? sql`where id > ${afterId}::uuid` : sql``} order by id limit ${FILE_BATCH}`,
          );
          for (const image of page) {
            for (const fileKey of [image.key, image.thumb_key]) {
              const found = await files.open(fileKey);
              if (!found) {
                missingFiles += 1;
                continue;
              }
              const data = Buffer.concat(await found.stream.toArray());
              yield `{"file":${JSON.stringify(fileKey)},"data":"${data.toString("base64")}"}\n`;
              fileCount += 1;
            }
          }
          if (page.length < FILE_BATCH) break;
          afterId = page[page.length - 1]!.id;
        }
      }
      await pipeline(Readable.from(lines()), createGzip(), out);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  return { rows: counts, files: fileCount, missingFiles };
}

/** A table without a primary key is paged by ctid, which is no column of its own: keep it out of the dump. */
function stripCtid(row: string): string {
  return row.startsWith('{"ctid":') ? `{${row.slice(row.indexOf(",") + 1)}` : row;
}

/** A readable stream of a backup, for the running server to hand to the CLI. */
export function backupStream(db: Database, files: Pick<BackupFiles, "open"> | null): Readable {
  const stream = new PassThrough();
  writeBackup(db, stream, files).catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

/**
 * Loads a backup into a migrated, empty database in one transaction: either
 * every row arrives or none does.
 */
export async function restoreBackup(db: Database, input: Readable, files: BackupFiles | null): Promise<BackupSummary> {
  const existing = await tablesInLoadOrder(db);
  for (const table of existing) {
    const [row] = await queryRows<{ any: boolean }>(db, sql.raw(`select exists (select 1 from public.${ident(table)}) as any`));
    if (row?.any) throw new BackupError(`The database is not empty (table ${table} has rows): a backup loads only into an empty database.`);
  }
  const localMigrations = await migrationCount(db);
  const counts: Record<string, number> = {};
  // Files are stored as they arrive (a backup may hold more than memory should); if the rows fail, they go again.
  const storedFiles: string[] = [];

  try {
    await db.transaction(async (tx) => {
      let header: BackupHeader | null = null;
      let batchTable: string | null = null;
      let batch: unknown[] = [];
      const identityTables = new Set<string>();
      // Created right before the loop: readline emits lines as soon as it
      // exists, and lines emitted before iteration starts would be lost.
      const reader = createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity });
      const columnCache = new Map<string, string>();
      // Generated columns are computed again by the database; every other column is written back.
      const writableColumns = async (table: string) => {
        let list = columnCache.get(table);
        if (!list) {
          const columns = await queryRows<{ name: string }>(
            tx as unknown as Database,
            sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
          );
          list = columns.map((c) => ident(c.name)).join(", ");
          columnCache.set(table, list);
        }
        return list;
      };
      const flush = async () => {
        if (!batchTable || batch.length === 0) return;
        const target = `public.${ident(batchTable)}`;
        const columns = await writableColumns(batchTable);
        // OVERRIDING SYSTEM VALUE keeps ids of identity columns as they were.
        await tx.execute(
          sql`insert into ${sql.raw(`${target} (${columns})`)} overriding system value select ${sql.raw(columns)} from json_populate_recordset(null::${sql.raw(target)}, ${JSON.stringify(batch)}::json)`,
        );
        counts[batchTable] = (counts[batchTable] ?? 0) + batch.length;
        batch = [];
      };
      for await (const line of reader) {
        if (!line) continue;
        if (!header) {
          const parsed = JSON.parse(line) as BackupHeader;
          if (parsed.format !== BACKUP_FORMAT || (parsed.version !== 1 && parsed.version !== 2))
            throw new BackupError("This file is not a boutique backup (unknown format).");
          if (parsed.migrations > localMigrations)
            throw new BackupError(
              `This backup was made by a newer version (${parsed.migrations} migrations, this one has ${localMigrations}): update the boutique first.`,
            );
          header = parsed;
          continue;
        }
        const entry = JSON.parse(line) as { table: string; row: unknown } | { file: string; data: string };
        if ("file" in entry) {
          if (!files) throw new BackupError("This backup holds uploaded images, and no image store was given to restore them into.");
          await files.put(entry.file, Buffer.from(entry.data, "base64"));
          storedFiles.push(entry.file);
          continue;
        }
        const { table, row } = entry;
        if (!existing.includes(table)) throw new BackupError(`The backup holds a table this version does not have: ${table}.`);
        if (table !== batchTable || batch.length >= BATCH) {
          await flush();
          batchTable = table;
          identityTables.add(table);
        }
        batch.push(row);
      }
      await flush();
      if (!header) throw new BackupError("The backup file is empty.");
      // Identity sequences must continue after the restored ids.
      const identities = await queryRows<{ table: string; column: string }>(
        tx as unknown as Database,
        sql`select table_name as table, column_name as column from information_schema.columns where table_schema = 'public' and is_identity = 'YES'`,
      );
      for (const { table, column } of identities) {
        if (!identityTables.has(table)) continue;
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('public.${ident(table)}', '${column}'), coalesce(max(${ident(column)}), 1), max(${ident(column)}) is not null) from public.${ident(table)}`,
          ),
        );
      }
    });
  } catch (error) {
    await Promise.all(storedFiles.map((key) => files?.remove(key).catch(() => {})));
    throw error;
  }
  return { rows: counts, files: storedFiles.length, missingFiles: 0 };
}
