import { defineConfig } from "drizzle-kit";

// Only used to generate migrations (`npm run db:generate`); the app applies
// them itself at start-up, on PGlite or PostgreSQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/*.ts",
  out: "./drizzle",
});
