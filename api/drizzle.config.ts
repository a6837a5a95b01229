import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema.ts and committed; the server applies them at start-up.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
