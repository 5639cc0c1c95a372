/**
 * Prints the table rebuilds of migrations/0105_workspaces.sql (run once, output checked in):
 * `node migrations/tools/workspace-rebuild.ts`. It applies migrations 0000-0104 to an in-memory
 * SQLite and rewrites each moved table's own CREATE statement from sqlite_master, so no column,
 * default, constraint or index is lost: `user_id` becomes `workspace_id` referencing workspaces.
 * Tables whose foreign keys name a moved table are rebuilt with it (under a temporary name),
 * because dropping a parent runs its ON DELETE actions on whatever still references it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";

const MOVED = [
  "watchlist", "alerts", "alert_events", "api_keys", "user_settings", "user_refresh",
  "billing_subscriptions", "enterprise_assignments", "seller_credentials", "seller_snapshots", "seller_revenue",
];
const dir = new URL("..", import.meta.url).pathname;
const db = new DatabaseSync(":memory:");
for (const file of readdirSync(dir).filter((f) => /^0(0|10[0-4]).*\.sql$/.test(f)).sort()) {
  db.exec(readFileSync(dir + file, "utf8").replaceAll("--> statement-breakpoint", ""));
}
const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as { name: string; sql: string }[];
const refs = (sql: string, name: string) => new RegExp("REFERENCES `" + name + "`").test(sql);
// Moved tables, then every table referencing one of them (transitively), parents before children.
const rebuilt = [...MOVED];
for (let grew = true; grew; ) {
  grew = false;
  for (const t of tables) {
    if (!rebuilt.includes(t.name) && rebuilt.some((p) => refs(t.sql, p))) (rebuilt.push(t.name), (grew = true));
  }
}
const sqlOf = (name: string) => tables.find((t) => t.name === name)!.sql;
const columnsOf = (name: string) => (db.prepare(`PRAGMA table_info(\`${name}\`)`).all() as { name: string }[]).map((c) => c.name);
const out: string[] = [];
for (const name of rebuilt) {
  let sql = sqlOf(name).replace(`CREATE TABLE \`${name}\``, `CREATE TABLE \`${name}__new\``);
  for (const parent of rebuilt) sql = sql.replaceAll("REFERENCES `" + parent + "`", "REFERENCES `" + parent + "__new`");
  if (MOVED.includes(name)) {
    sql = sql
      .replaceAll("`user_id`", "`workspace_id`")
      .replace("REFERENCES `users`(`id`)", "REFERENCES `workspaces`(`id`)");
  }
  if (name === "api_keys") {
    sql = sql.replace("\n\tFOREIGN KEY", "\n\t`created_by` text REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,\n\tFOREIGN KEY");
  }
  out.push(sql + ";");
  const cols = columnsOf(name);
  const target = cols.map((c) => (MOVED.includes(name) && c === "user_id" ? "`workspace_id`" : `\`${c}\``));
  const source = cols.map((c) => `\`${c}\``);
  if (name === "api_keys") (target.push("`created_by`"), source.push("`user_id`"));
  out.push(`INSERT INTO \`${name}__new\` (${target.join(", ")}) SELECT ${source.join(", ")} FROM \`${name}\`;`);
}
// Children first: when a table goes, nothing but the other old tables still references it.
for (const name of [...rebuilt].reverse()) out.push(`DROP TABLE \`${name}\`;`);
for (const name of rebuilt) out.push(`ALTER TABLE \`${name}__new\` RENAME TO \`${name}\`;`);
const indexes = db.prepare("SELECT tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all() as { tbl_name: string; sql: string }[];
for (const index of indexes.filter((i) => rebuilt.includes(i.tbl_name))) {
  const sql = MOVED.includes(index.tbl_name)
    ? index.sql.replaceAll("`user_id`", "`workspace_id`").replace("_user_id_idx`", "_workspace_id_idx`").replace("_user_created_idx`", "_workspace_created_idx`")
    : index.sql;
  out.push(sql + ";");
}
console.log(out.join("\n--> statement-breakpoint\n"));
