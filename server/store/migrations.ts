export interface Migration {
  version: number;
  name: string;
  sql: string;
}

// Append only: a released migration is never edited, a change gets a new version.
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'create_leads',
    sql: `
      CREATE TABLE leads (
        id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        form_type TEXT NOT NULL,
        payload TEXT NOT NULL CHECK (json_valid(payload)),
        idempotency_key TEXT UNIQUE,
        ip_hash TEXT,
        user_agent TEXT,
        spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1))
      ) STRICT;
      CREATE INDEX leads_created_at ON leads (created_at);
    `,
  },
];
