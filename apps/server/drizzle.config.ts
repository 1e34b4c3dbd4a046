import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @fleetlab/server` writes a new versioned migration after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
